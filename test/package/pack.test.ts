// The package as a stranger gets it: `npm pack`'s tarball, unpacked into a
// fresh ESM project and a fresh CommonJS project, with nothing but the
// dependencies package.json declares beside it (linked from this checkout's
// node_modules, so the test needs no registry). There, `npx faultline gate`
// loads a .ts and a .js executor, and plain `node` imports the API.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string>; optionalDependencies?: Record<string, string> }
let base = ''

// A hurried team's executor: one request, no key, success on 2xx, and a network error taken for no effect.
// faultline must find what that costs: refunds reported failed that landed, or landed twice.
const EXECUTOR_BODY = `
  name: 'hurried-refunds',
  async boot({ services }) {
    return {
      async callTool(call) {
        if (call.tool !== 'issue_refund') return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'none', message: 'only refunds here' }
        try {
          const r = await fetch(services.payments + '/v1/refunds', { method: 'POST', signal: AbortSignal.timeout(10_000), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ payment_intent: String(call.args.payment_intent), amount: String(Math.round(Number(call.args.amount) * 100)) }) })
          const body = await r.json()
          if (r.ok) return { status: 'SUCCEEDED', retry_safe: false, effect: { type: 'refund', id: body.id }, action_taken: 'sent', message: 'refunded' }
          return { status: 'FAILED_NO_EFFECT', retry_safe: false, effect: null, action_taken: 'sent', message: 'refused' }
        } catch {
          return { status: 'FAILED_NO_EFFECT', retry_safe: true, effect: null, action_taken: 'sent', message: 'network error' }
        }
      },
    }
  },
`

function project(name: string, type: 'module' | 'commonjs'): string {
  const dir = join(base, name)
  mkdirSync(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type }))
  symlinkSync(join(base, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'executor.ts'), `import type { Executor } from 'faultline'\n\nconst executor: Executor = {${EXECUTOR_BODY}}\nexport default executor\n`)
  writeFileSync(join(dir, 'executor.js'), type === 'module' ? `export default {${EXECUTOR_BODY}}\n` : `module.exports = {${EXECUTOR_BODY}}\n`)
  return dir
}

function npx(cwd: string, ...args: string[]) {
  // --no-install: a missing local bin must fail here, never fetch a package of that name.
  return spawnSync('npx', ['--no-install', 'faultline', ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } })
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'faultline-pack-'))
  execFileSync('npm', ['pack', '--silent', '--pack-destination', base], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  const modules = join(base, 'node_modules')
  mkdirSync(join(modules, '.bin'), { recursive: true })
  execFileSync('tar', ['xzf', join(base, `faultline-${pkg.version}.tgz`), '-C', base])
  renameSync(join(base, 'package'), join(modules, 'faultline'))
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
    mkdirSync(join(modules, dep, '..'), { recursive: true })
    symlinkSync(join(ROOT, 'node_modules', dep), join(modules, dep))
  }
  symlinkSync('../faultline/bin/faultline.mjs', join(modules, '.bin', 'faultline'))
}, 120_000)

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true })
})

describe('the packed package', () => {
  it('ships compiled JavaScript, declarations, the docs and the published schemas, and no TypeScript source', () => {
    const dir = join(base, 'node_modules', 'faultline')
    for (const f of ['dist/faultline/index.js', 'dist/faultline/index.d.ts', 'dist/harness/supervisor/worker-entry.mjs', 'dist/faultline/vitest/index.js', 'dist/faultline/vitest/index.d.ts', 'bin/faultline.mjs', 'docs/vendors.md', 'schemas/scenario.schema.json', 'schemas/audit-mapping.schema.json', 'LICENSE']) expect(existsSync(join(dir, f)), f).toBe(true)
    expect(existsSync(join(dir, 'harness'))).toBe(false)
  })

  for (const type of ['module', 'commonjs'] as const) {
    describe(`in a fresh ${type} project`, () => {
      let dir = ''
      beforeAll(() => {
        dir = project(type === 'module' ? 'esm' : 'cjs', type)
      })

      for (const file of ['executor.ts', 'executor.js']) {
        it(`npx faultline gate finds the bug in a ${file} executor and prints a replay command that works there`, () => {
          const r = npx(dir, 'gate', '--executor', `./${file}`, '--runs', '40', '--seed', '1', '--workers', '1')
          expect(r.stdout).toMatch(/✗ (false-failure|duplicate-effect): /) // the minimal counterexample's violation, not the judges' list
          expect(r.status).toBe(1)
          const replay = /npx faultline run (\S+) --executor \.\/executor\.(?:ts|js)/.exec(r.stdout)
          expect(replay, r.stdout).not.toBeNull()
          const again = npx(dir, 'run', replay![1]!, '--executor', `./${file}`)
          expect(again.status).toBe(1)
        }, 120_000)
      }

      it('faultline/vitest gates the executor from plain code and fails with the counterexample and the commands', () => {
        const call = `expectNoViolations({ executor: './executor.js', runs: 40, seed: 1, workers: 1, corpus: false }).then(() => console.log('passed'), (e) => console.log(JSON.stringify({ name: e.name, message: e.message })))`
        const code = type === 'module' ? `import('faultline/vitest').then(({ expectNoViolations }) => ${call})` : `const { expectNoViolations } = require('faultline/vitest'); ${call}`
        const out = JSON.parse(execFileSync(process.execPath, ['-e', code], { cwd: dir, encoding: 'utf8' }).trim().split('\n').at(-1)!) as { name: string; message: string }
        expect(out.name).toBe('AssertionError')
        expect(out.message).toMatch(/^faultline: executor hurried-refunds failed after \d+ run\(s\) of 40 \(seed 1, profile vendor\): [a-z-]+ ×\d+/)
        expect(out.message).toContain('"version": 2')
        expect(out.message).toContain('Run the campaign again: npx faultline gate --executor ./executor.js --runs 40 --seed 1 --workers 1 --no-corpus')
      }, 120_000)

      it('plain node imports the API', () => {
        const code = type === 'module' ? `import('faultline').then((m) => console.log(typeof m.runScenario, typeof m.judge, Object.keys(m.TOOLS).length > 0))` : `const m = require('faultline'); console.log(typeof m.runScenario, typeof m.judge, Object.keys(m.TOOLS).length > 0)`
        const out = execFileSync(process.execPath, ['-e', code], { cwd: dir, encoding: 'utf8' })
        expect(out.trim()).toBe('function function true')
      })
    })
  }
})
