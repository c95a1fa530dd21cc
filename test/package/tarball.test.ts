// Installing faultline from a packed tarball (`npm
// pack` of a fresh clone), as a team would until it
// is published: deps from the registry, a lock file,
// then `npm ci`. It holds compiled JS and
// declarations, no optional SDK. Then the checks
// every route passes (support/team.ts), .ts and .js
// executors gated in ESM and CommonJS projects,
// faultline/vitest from plain code, and require().
import { execFileSync } from 'node:child_process'
import { existsSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import {
  CHECK_TIMEOUT,
  expectNoSdks,
  INSTALL_FLAGS,
  INSTALL_TIMEOUT,
  npm,
  npx,
  ROOT,
  seconds,
  shellEnv,
  sourceCopy,
  TEAM_TOOLS,
  adapterWithoutFramework,
  teamChecks,
  teamProject,
  VERSION,
} from './support/team.ts'

let esm = ''
let cjs = ''

beforeAll(() => {
  const start = performance.now()
  const source = sourceCopy('tarball-source')
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules')) // for the build (tsc) that `npm pack` runs
  const base = scratchDir('tarball')
  npm(source, 'pack', '--silent', '--pack-destination', base)
  const tarball = join(base, `faultline-${VERSION}.tgz`)
  const packed = seconds(start)
  esm = teamProject(join(base, 'team'))
  npm(esm, 'install', '--save-dev', '--package-lock-only', ...INSTALL_FLAGS, tarball, ...TEAM_TOOLS)
  npm(esm, 'ci', ...INSTALL_FLAGS)
  // A CommonJS project beside it, same node_modules.
  cjs = teamProject(join(esm, 'cjs'), 'commonjs')
  symlinkSync(join(esm, 'node_modules'), join(cjs, 'node_modules'))
  console.log(`tarball route: packed in ${packed} s, installed with npm ci in ${seconds(start)} s in all`)
}, INSTALL_TIMEOUT)

describe('faultline installed from a packed tarball', () => {
  it('ships compiled JavaScript, declarations, the docs with the examples they link (TypeScript, to read), the published schemas, and no source', () => {
    const dir = join(esm, 'node_modules', 'faultline')
    for (const f of [
      'dist/faultline/index.js',
      'dist/faultline/index.d.ts',
      'dist/harness/supervisor/worker-entry.mjs',
      'dist/faultline/vitest/index.js',
      'dist/faultline/vitest/index.d.ts',
      'dist/faultline/msw/index.js',
      'bin/faultline.mjs',
      'docs/vendors.md',
      // docs/adapters.md's careful tools (two probes' teams looked for it)
      'examples/adapters/support/careful-support.ts',
      'examples/classifiers/text-results.ts',
      'schemas/scenario.schema.json',
      'schemas/audit-mapping.schema.json',
      'LICENSE',
    ])
      expect(existsSync(join(dir, f)), f).toBe(true)
    for (const f of ['harness', 'scripts', 'test', 'faultline']) expect(existsSync(join(dir, f)), f).toBe(false)
  })

  it('npm ci from the lock file installs no stripe, resend or axios (optional peers, not dependencies)', () => {
    expectNoSdks(esm)
  })

  teamChecks(() => esm)
  adapterWithoutFramework(() => esm)

  for (const type of ['module', 'commonjs'] as const) {
    describe(`in a ${type} project`, () => {
      const dir = () => (type === 'module' ? esm : cjs)

      for (const file of ['executor.ts', 'executor.js']) {
        it(
          `npx faultline gate finds the bug in a ${file} executor and prints a replay command that works there`,
          () => {
            const r = npx(dir(), 'gate', '--executor', `./${file}`, '--runs', '40', '--seed', '1', '--workers', '1')
            expect(r.stdout).toMatch(/✗ (false-failure|duplicate-effect): /) // the minimal counterexample's violation
            expect(r.status).toBe(1)
            const replay = /npx faultline run (\S+) --executor \.\/executor\.(?:ts|js)/.exec(r.stdout)
            expect(replay, r.stdout).not.toBeNull()
            const again = npx(dir(), 'run', replay![1]!, '--executor', `./${file}`)
            expect(again.status).toBe(1)
          },
          CHECK_TIMEOUT,
        )
      }

      it(
        'faultline/vitest gates the executor from plain code and fails with the counterexample and the commands',
        () => {
          const call = `expectNoViolations({ executor: './executor.js', runs: 40, seed: 1, workers: 1, corpus: false }).then(() => console.log('passed'), (e) => console.log(JSON.stringify({ name: e.name, message: e.message })))`
          const code =
            type === 'module'
              ? `import('faultline/vitest').then(({ expectNoViolations }) => ${call})`
              : `const { expectNoViolations } = require('faultline/vitest'); ${call}`
          const out = JSON.parse(
            execFileSync(process.execPath, ['-e', code], { cwd: dir(), encoding: 'utf8', env: shellEnv() })
              .trim()
              .split('\n')
              .at(-1)!,
          ) as { name: string; message: string }
          expect(out.name).toBe('AssertionError')
          expect(out.message).toMatch(
            /^faultline: executor hurried-refunds failed after \d+ run\(s\) of 40 \(seed 1, profile vendor\): [a-z-]+ ×\d+/,
          )
          expect(out.message).toContain('"version": 2')
          expect(out.message).toContain(
            'Run the campaign again: npx faultline gate --executor ./executor.js --runs 40 --seed 1 --workers 1 --no-corpus',
          )
        },
        CHECK_TIMEOUT,
      )

      it('plain node imports the API', () => {
        const code =
          type === 'module'
            ? `import('faultline').then((m) => console.log(typeof m.runScenario, typeof m.judge, Object.keys(m.TOOLS).length > 0))`
            : `const m = require('faultline'); console.log(typeof m.runScenario, typeof m.judge, Object.keys(m.TOOLS).length > 0)`
        const out = execFileSync(process.execPath, ['-e', code], { cwd: dir(), encoding: 'utf8', env: shellEnv() })
        expect(out.trim()).toBe('function function true')
      })
    })
  }
})
