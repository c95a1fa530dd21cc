// The correct zoo's SDKs are optional peers: an
// install gets none, and an executor whose SDK is
// missing fails to load with one line naming the
// package and the install command. A fixture
// imports a package that does not exist.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LoadFailure, WorkerPool } from '../../../harness/supervisor/pool.ts'
import { missingPackage, missingPackageProblem } from '../../../harness/supervisor/missing-package.ts'
import { cli, ROOT } from '../../faultline/cli/cli.ts'
import { scratchDir } from '../../support/scratch.ts'

const FIXTURE = join(import.meta.dirname, 'fixtures', 'needs-a-missing-package.ts')
const MISSING = 'faultline-test-sdk-that-is-not-installed'
const PROBLEM = `it needs the package "${MISSING}", which is not installed (npm install --save-dev ${MISSING})`
const SDKS = ['axios', 'resend', 'stripe']

describe('the correct zoo without its SDKs', () => {
  it('package.json: the SDKs are development dependencies and optional peers, never dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    for (const sdk of SDKS) {
      expect(pkg.dependencies?.[sdk], sdk).toBeUndefined()
      expect(pkg.optionalDependencies?.[sdk], sdk).toBeUndefined()
      expect(pkg.devDependencies[sdk], sdk).toMatch(/^\d+\.\d+\.\d+$/)
      expect(pkg.peerDependencies[sdk], sdk).toMatch(/^\^\d+\.\d+\.\d+$/)
      expect(pkg.peerDependenciesMeta[sdk], sdk).toEqual({ optional: true })
    }
  })

  it('gate with an executor whose package is missing exits 2 with one line naming the package and the fix', async () => {
    const r = await cli(['gate', '--executor', FIXTURE, '--runs', '3'], scratchDir('missing-sdk'))
    expect(r.code).toBe(2)
    expect(r.out).toBe('')
    expect(r.err).toBe(`faultline: cannot load executor module ${FIXTURE}: ${PROBLEM}`)
  })

  it('a bundled executor (loaded by its path, as the registry gives it) fails the same way, under its name', async () => {
    const opening = WorkerPool.open({
      kind: 'bundled',
      name: 'needs-a-missing-package',
      path: FIXTURE,
      export: 'default',
    })
    await expect(opening).rejects.toBeInstanceOf(LoadFailure)
    await expect(opening).rejects.toThrow(
      new LoadFailure(`cannot load executor module needs-a-missing-package: ${PROBLEM}`),
    )
  })

  it('for one of faultline\u2019s optional peers, the fix installs it at the declared range', () => {
    const peers = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).peerDependencies as Record<
      string,
      string
    >
    for (const sdk of SDKS)
      expect(missingPackageProblem(sdk)).toBe(
        `it needs the package "${sdk}", which is not installed (npm install --save-dev "${sdk}@${peers[sdk]}")`,
      )
  })

  it('only a bare package is a missing package, named without its subpath', () => {
    const notFound = (message: string, code = 'ERR_MODULE_NOT_FOUND') => Object.assign(new Error(message), { code })
    expect(missingPackage(notFound("Cannot find package 'stripe' imported from /x/stripe-sdk-defaults.js"))).toBe(
      'stripe',
    )
    expect(missingPackage(notFound("Cannot find package '@scope/sdk' imported from /x/a.ts"))).toBe('@scope/sdk')
    expect(
      missingPackage(notFound("Cannot find module 'axios/lib/x'\nRequire stack:\n- /x/a.cjs", 'MODULE_NOT_FOUND')),
    ).toBe('axios')
    expect(missingPackage(notFound("Cannot find module '/x/helper.ts' imported from /x/a.ts"))).toBeNull()
    expect(missingPackage(notFound("Cannot find module './helper' imported from /x/a.ts"))).toBeNull()
    expect(missingPackage(new Error("Cannot find package 'stripe'"))).toBeNull()
  })
})
