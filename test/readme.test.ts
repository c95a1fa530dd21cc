// The README is code a newcomer copies: each
// TypeScript block must type-check against the
// public API; each command it shows must exist,
// with real options.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { cli } from './faultline/cli/cli.ts'

const ROOT = join(import.meta.dirname, '..')
const README = readFileSync(join(ROOT, 'README.md'), 'utf8')

function blocks(lang: string): string[] {
  return [...README.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!)
}

// In a scratch dir, output captured: not this
// process's stdout or working directory.
async function helpOf(command: string): Promise<string> {
  const { code, out } = await cli([command, '--help'])
  expect(code, `faultline ${command} --help`).toBe(0)
  return out
}

describe('README', () => {
  it('has TypeScript blocks, and each type-checks against the public API', () => {
    const code = blocks('ts')
    expect(code.length).toBeGreaterThan(0)
    mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true })
    const dir = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'readme-'))
    try {
      const files = code.map((c, i) => {
        const f = join(dir, `block-${i}.ts`)
        writeFileSync(f, c)
        return f
      })
      const program = ts.createProgram(files, {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        types: ['node'],
        paths: {
          faultline: [join(ROOT, 'faultline/index.ts')],
          'faultline/vitest': [join(ROOT, 'faultline/vitest/index.ts')],
          'faultline/msw': [join(ROOT, 'faultline/msw/index.ts')],
          'faultline/adapters/*': [join(ROOT, 'faultline/adapters/*.ts')],
        },
      })
      const problems = ts.getPreEmitDiagnostics(program).filter((d) => d.file && files.includes(d.file.fileName))
      expect(
        problems.map(
          (d) => `block ${files.indexOf(d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        ),
      ).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('shows only faultline commands and options that exist', async () => {
    const lines = README.split('\n').filter((l) => /(?:npx faultline|npm run faultline --) \w/.test(l))
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) {
      const m = /(?:npx faultline|npm run faultline --) ([a-z-]+)(.*)/.exec(line)!
      const help = await helpOf(m[1]!)
      for (const opt of m[2]!.match(/(?<=^|\s)--[a-z-]+/g) ?? []) expect(help, `${m[1]} ${opt}`).toContain(opt)
    }
  })
})
