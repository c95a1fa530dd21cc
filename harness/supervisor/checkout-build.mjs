// In a checkout, the command and its workers
// load the harness and the bundled executors
// as JS that esbuild compiled once (tsx's
// compiler), not through tsx's hooks: no round
// trip to a hooks thread per module. Kept by
// content, under node_modules/.cache;
// installed, dist/ is that build already.
// Plain JS: bin/faultline.mjs
// imports it before any TypeScript loads, and
// npm start's scripts/start.mjs the same way.
import { createHash, randomBytes } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * What processes may import from a checkout
 * (bench: npm run bench; a syntax error there,
 * as anywhere, leaves the command on tsx).
 */
const DIRS = [
  'harness',
  'executors',
  'adapters',
  'mock-services',
  'faultline',
  'reports',
  'scenarios',
  'scripts',
  'bench',
]
/** Bumped when what is written changes. */
const LAYOUT = 2
/** Another content's build this much older goes. */
const STALE_MS = 24 * 3_600_000

const here = dirname(fileURLToPath(import.meta.url))
const ROOT = join(here, '..', '..')

/** @type {import('./checkout-build.d.mts').CheckoutBuild | null | undefined} */
let built

/**
 * This checkout's build, made if missing; null
 * when installed (dist/) or when it cannot be
 * made (the worker then loads through tsx).
 */
export function checkoutBuild() {
  if (built !== undefined) return built
  built = null
  if (existsSync(join(here, 'worker-main.js'))) return built
  try {
    built = make()
  } catch {
    // Read-only tree, no esbuild: tsx's hooks.
  }
  return built
}

/** A checkout's module as built; else itself. */
export function builtPath(build, path) {
  if (build === null || !path.endsWith('.ts')) return path
  const inside = relative(build.root, path)
  if (inside.startsWith('..') || isAbsolute(inside)) return path
  const js = join(build.dir, inside.replace(/\.ts$/, '.js'))
  return existsSync(js) ? js : path
}

/**
 * A checkout's .ts module (a file URL), as
 * built; else through tsx's hooks.
 */
export async function importSource(url) {
  const path = fileURLToPath(url)
  const js = builtPath(checkoutBuild(), path)
  if (js === path) {
    const { register } = await import('tsx/esm/api')
    register()
    return import(url.href)
  }
  // Stack traces name the .ts lines, as under tsx.
  process.setSourceMapsEnabled(true)
  return import(pathToFileURL(js).href)
}

function make() {
  const files = DIRS.flatMap((d) => sources(join(ROOT, d)))
  const require = createRequire(join(ROOT, 'package.json'))
  const esbuildPath = require.resolve('esbuild', { paths: [dirname(require.resolve('tsx/package.json'))] })
  const esbuild = createRequire(esbuildPath)('esbuild')
  const hash = createHash('sha1').update(`${LAYOUT} ${esbuild.version} ${ROOT}\n`)
  for (const f of files) hash.update(`${relative(ROOT, f)}\n`).update(readFileSync(f))
  const parent = join(ROOT, 'node_modules', '.cache', 'faultline', 'worker')
  const dir = join(parent, hash.digest('hex').slice(0, 16))
  if (existsSync(join(dir, 'package.json'))) return { root: ROOT, dir }
  // Built aside, then renamed: builds race.
  const part = `${dir}.${process.pid}-${randomBytes(4).toString('hex')}`
  mkdirSync(part, { recursive: true })
  try {
    const ts = files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    esbuild.buildSync({
      entryPoints: ts,
      outdir: part,
      outbase: ROOT,
      format: 'esm',
      platform: 'node',
      target: `node${process.versions.node}`,
      sourcemap: 'inline',
      sourcesContent: false,
      // Not tsx's keepNames: each function made
      // then has its name redefined (~6 % of a run).
      // Unbundled, names are JS's own, but for an
      // anonymous default export's (a test keeps
      // them out of these directories).
      keepNames: false,
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true, useDefineForClassFields: true } },
    })
    for (const f of ts) jsImports(join(part, relative(ROOT, f)).replace(/\.ts$/, '.js'))
    for (const f of files.filter((f) => f.endsWith('.mjs'))) {
      mkdirSync(dirname(join(part, relative(ROOT, f))), { recursive: true })
      copyFileSync(f, join(part, relative(ROOT, f)))
    }
    // Its scope: ESM, and faultline's own name.
    copyFileSync(join(ROOT, 'package.json'), join(part, 'package.json'))
    renameSync(part, dir)
  } catch (e) {
    rmSync(part, { recursive: true, force: true })
    // Another process's is there: the same.
    if (!existsSync(join(dir, 'package.json'))) throw e
  }
  prune(parent, dir)
  return { root: ROOT, dir }
}

/** A directory's .ts and .mjs, recursively. */
function sources(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(m?ts|mjs)$/.test(e.name) && !e.name.endsWith('.d.mts'))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

/** `./x.ts` specifiers as `./x.js`. */
const TS_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"'\n]*?)\.ts\2/g

function jsImports(file) {
  const code = readFileSync(file, 'utf8')
  const fixed = code.replace(TS_SPECIFIER, '$1$2$3.js$2')
  if (fixed !== code) writeFileSync(file, fixed)
}

/** Builds a day older than this one. */
function prune(parent, keep) {
  const now = statSync(keep).mtimeMs
  for (const name of readdirSync(parent)) {
    const path = join(parent, name)
    if (path === keep) continue
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true })
    } catch {
      // Another process pruned it.
    }
  }
}
