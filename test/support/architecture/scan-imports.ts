// The import scanner: every way a file reaches
// another, read from its syntax tree (so a comment
// or string that mentions `import('…')` is not an
// import). References keep what the code spells;
// the flow checker resolves them to rooms.
//
// A template literal counts by its static prefix,
// cut back to the last `/`: it reaches that folder.
// A path built from a variable cannot be read and
// is not reported.
import ts from 'typescript'
import type { SourceFile } from './source-tree.ts'

export interface Reference {
  /** How: `import`, `import()`, `require`, `new URL`, … */
  readonly via: string
  /** As written, or a template literal's static folder. */
  readonly specifier: string
  /** The target is a folder: anything inside may be reached. */
  readonly folder: boolean
  readonly line: number
}

/** Calls whose first argument is a path from this file. */
const PATH_CALLS = new Set(['tsImport', 'import.meta.resolve'])
/** Calls that build a path from the file's own folder. */
const JOIN_CALLS = new Set(['join', 'resolve', 'path.join', 'path.resolve'])
const HERE = new Set(['import.meta.dirname', '__dirname'])

const scanned = new WeakMap<SourceFile, Reference[]>()

/** One file's references, scanned once for all checkers. */
export function referencesOf(file: SourceFile): Reference[] {
  let refs = scanned.get(file)
  if (!refs) scanned.set(file, (refs = scanImports(file.path, file.text)))
  return refs
}

export function scanImports(path: string, text: string): Reference[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kindOf(path))
  const requires = requireNames(source)
  const found: Reference[] = []
  const add = (via: string, node: ts.Node | undefined) => {
    const spec = node && literal(node)
    if (!node || spec === undefined) return
    found.push({ via, line: lineOf(source, node), ...spec })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add('import', node.moduleSpecifier)
    else if (ts.isExportDeclaration(node)) add('export … from', node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add('import = require', node.moduleReference.expression)
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add('import() type', node.argument.literal)
    else if (ts.isNewExpression(node) && nameOf(node.expression) === 'URL' && isHere(node.arguments?.[1]))
      add('new URL', node.arguments?.[0])
    else if (ts.isCallExpression(node)) {
      const callee = nameOf(node.expression)
      const first = node.arguments[0]
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) add('import()', first)
      else if (callee !== undefined && (PATH_CALLS.has(callee) || requires.has(callee.replace(/\.resolve$/, ''))))
        add(callee, first)
      else if (isCreateRequire(node.expression)) add('createRequire()()', first)
      else if (
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'resolve' &&
        isCreateRequire(node.expression.expression)
      )
        add('createRequire().resolve', first)
      else if (callee !== undefined && JOIN_CALLS.has(callee) && HERE.has(nameOf(first) ?? ''))
        joined(source, node, found)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** `require`, and names bound to `createRequire(…)`. */
function requireNames(source: ts.SourceFile): Set<string> {
  const names = new Set(['require'])
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      isCreateRequire(node.initializer)
    )
      names.add(node.name.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return names
}

function isCreateRequire(node: ts.Node): boolean {
  return ts.isCallExpression(node) && /(^|\.)createRequire$/.test(nameOf(node.expression) ?? '')
}

/**
 * `join(import.meta.dirname, '..', 'x')`: the literal
 * parts after the folder, up to the first non-literal.
 */
function joined(source: ts.SourceFile, node: ts.CallExpression, found: Reference[]): void {
  const parts: string[] = []
  let whole = true
  for (const arg of node.arguments.slice(1)) {
    const part = literal(arg)
    if (part === undefined || part.folder) {
      whole = false
      if (part) parts.push(part.specifier)
      break
    }
    parts.push(part.specifier)
  }
  // a non-literal part may be a file or a folder, so
  // what came before it is reached as a folder
  const specifier = ['.', ...parts, ...(whole ? [] : [''])].join('/').replace(/\/+/g, '/')
  found.push({ via: `${nameOf(node.expression)}(dirname, …)`, specifier, folder: !whole, line: lineOf(source, node) })
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
}

/** A string, or a template literal's static folder. */
function literal(node: ts.Node): { specifier: string; folder: boolean } | undefined {
  if (ts.isStringLiteralLike(node)) return { specifier: node.text, folder: false }
  if (ts.isTemplateExpression(node))
    return { specifier: node.head.text.slice(0, node.head.text.lastIndexOf('/') + 1), folder: true }
  return undefined
}

/** `a.b.c` for an identifier or property chain. */
function nameOf(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined
  if (ts.isIdentifier(node)) return node.text
  if (ts.isMetaProperty(node)) return `${ts.tokenToString(node.keywordToken)}.${node.name.text}`
  if (ts.isPropertyAccessExpression(node)) {
    const left = nameOf(node.expression)
    return left === undefined ? undefined : `${left}.${node.name.text}`
  }
  return undefined
}

/** `import.meta.url` or `.dirname`: this file's base. */
function isHere(node: ts.Node | undefined): boolean {
  const name = nameOf(node)
  return name === 'import.meta.url' || name === 'import.meta.dirname'
}

function kindOf(path: string): ts.ScriptKind {
  return /\.[cm]?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS
}
