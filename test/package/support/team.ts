// faultline installed as a team would: a fresh
// project in a scratch dir, faultline added by one
// route (tarball, git URL, folder), deps from the
// registry via npm's default cache (a rerun is
// quick). Each route installs once, then checks:
// - a plain `node` ESM script imports `gate` and
//   `auditMapping` and gets their reports;
// - `tsc` type-checks code importing 'faultline',
//   'faultline/vitest' and 'faultline/msw';
// - `npx faultline gate` prints a replay command
//   starting `npx faultline` that works there.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, it } from 'vitest'
import { scratchDir } from '../../support/scratch.ts'

export const ROOT = join(import.meta.dirname, '..', '..', '..')

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string
  devDependencies: Record<string, string>
}
export const VERSION = manifest.version

/** What the team adds to type-check: our versions. */
export const TEAM_TOOLS = ['typescript', '@types/node'].map((name) => `${name}@${manifest.devDependencies[name]}`)

/** Slow: npm installs, with a native build (better-sqlite3). */
export const INSTALL_TIMEOUT = 1_800_000
export const CHECK_TIMEOUT = 300_000

/** The env a shell gives npm: no npm_* from `npm test`. */
export function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { FORCE_COLOR: '0', NO_COLOR: '1' }
  for (const [k, v] of Object.entries(process.env))
    if (!/^npm_/i.test(k) && k !== 'INIT_CWD' && k !== 'FORCE_COLOR' && k !== 'NODE_OPTIONS') env[k] = v
  env.npm_config_better_sqlite3_local_prebuilds = prebuilds()
  return env
}

let prebuildDir: string | null = null

/**
 * better-sqlite3's binary, as prebuild-install's
 * --local-prebuilds finds it: this checkout's build,
 * packed once, so no install compiles it again
 * (~1 min of CPU each where no prebuild downloads).
 */
function prebuilds(): string {
  if (prebuildDir) return prebuildDir
  const dir = scratchDir('prebuilds')
  const pkg = join(ROOT, 'node_modules', 'better-sqlite3')
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string }
  const { modules } = process.versions
  const name = `better-sqlite3-v${version}-node-v${modules}-${process.platform}-${process.arch}.tar.gz`
  execFileSync('tar', ['czf', join(dir, name), '-C', pkg, 'build/Release/better_sqlite3.node'])
  prebuildDir = dir
  return dir
}

/** Run a command; throw with its output unless it exits 0. */
export function run(cwd: string, command: string, args: readonly string[]): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: shellEnv(), maxBuffer: 64 * 1024 * 1024 })
  if (r.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`,
    )
  return r.stdout
}

export function npm(cwd: string, ...args: string[]): string {
  return run(cwd, 'npm', args)
}

/** npm's flags for every install here. */
export const INSTALL_FLAGS = ['--no-audit', '--no-fund', '--prefer-offline']

/**
 * A fresh clone of the working tree (tracked and
 * unignored files): no node_modules, no dist/.
 */
export function sourceCopy(label: string): string {
  const dir = join(scratchDir(label), 'faultline')
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    const from = join(ROOT, file)
    try {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      cpSync(from, join(dir, file))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e // deleted in the working tree
    }
  }
  return dir
}

// A hurried team's executor: one request, no key,
// 2xx is success, a network error means no effect.
// faultline must find what that costs.
export const EXECUTOR_BODY = `
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

/** A plain ESM script printing the reports as JSON. */
const API_SCRIPT = `import { auditMapping, gate } from 'faultline'

const report = await gate({ executor: 'reference', runs: 5, workers: 1, corpus: false })
const audit = await auditMapping({ mapping: './m.mjs', runs: 0, clients: 'fetch', workers: 1 })
console.log(JSON.stringify({ command: report.command, passed: report.passed, runs: report.summary.runs, cells: audit.matrix.cells.length, clients: audit.clients, verdict: audit.verdict }))
`

/** A team's mapping: a status decides, else unknown. */
const MAPPING = `export default (observed) => {
  if (!('response' in observed)) return 'ambiguous'
  const { status } = observed.response
  if (status >= 200 && status < 300) return 'applied'
  if (status === 429) return 'not-sent'
  return status >= 400 && status < 500 && status !== 408 && status !== 409 ? 'rejected' : 'ambiguous'
}
`

/**
 * The team's TypeScript: the API's types, faultline/vitest
 * and faultline/msw, strict, libraries' declarations too.
 */
const TYPED = `import { auditMapping, gate, type AuditResult, type Envelope, type Executor, type GateReport } from 'faultline'
import { expectNoViolations } from 'faultline/vitest'
import { faultlineServices } from 'faultline/msw'

export const executor: Executor = {
  name: 'typed',
  async boot({ services }) {
    return {
      async callTool(call): Promise<Envelope> {
        const r = await fetch(services.payments + '/v1/refunds', { method: 'POST', headers: { 'Idempotency-Key': call.runId + ':' + call.stepId } })
        return r.ok ? { status: 'SUCCEEDED', retry_safe: true, effect: { type: 'refund', id: call.stepId }, action_taken: 'sent', message: 'ok' } : { status: 'UNKNOWN', retry_safe: false, effect: null, action_taken: 'sent', message: String(r.status) }
      },
    }
  },
}
export const report: Promise<GateReport> = gate({ executor: './executor.ts', runs: 10, seed: 1 })
export const audit: Promise<AuditResult> = auditMapping({ mapping: './m.mjs', runs: 0 })
export const gated: Promise<GateReport> = expectNoViolations({ executor: 'reference', runs: 10 })
export const services = faultlineServices()
`

/**
 * A team's AI SDK tools gated through the adapter,
 * with "ai" not installed: one line says to add it.
 */
const ADAPTER = `import { aiSdkExecutor } from 'faultline/adapters/ai-sdk'

export default aiSdkExecutor({ name: 'team-ai-sdk', tools: {}, binding: {} })
`

const TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    target: 'es2022',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: ['node'],
  },
  files: ['typed.ts'],
}

/**
 * A fresh project before faultline: package.json,
 * executors, a mapping, a script and typed code.
 */
export function teamProject(dir: string, type: 'module' | 'commonjs' = 'module'): string {
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      { name: `team-${type === 'module' ? 'esm' : 'cjs'}`, version: '1.0.0', private: true, type },
      null,
      2,
    ),
  )
  writeFileSync(
    join(dir, 'executor.ts'),
    `import type { Executor } from 'faultline'\n\nconst executor: Executor = {${EXECUTOR_BODY}}\nexport default executor\n`,
  )
  writeFileSync(
    join(dir, 'executor.js'),
    type === 'module' ? `export default {${EXECUTOR_BODY}}\n` : `module.exports = {${EXECUTOR_BODY}}\n`,
  )
  writeFileSync(join(dir, 'm.mjs'), MAPPING)
  writeFileSync(join(dir, 'adapter.mjs'), ADAPTER)
  writeFileSync(join(dir, 'api.mjs'), API_SCRIPT)
  writeFileSync(join(dir, 'typed.ts'), TYPED)
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
  return dir
}

/**
 * `npx faultline …` there; --no-install: a missing local
 * bin must fail, never fetch a package of that name.
 */
export function npx(cwd: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync('npx', ['--no-install', 'faultline', ...args], {
    cwd,
    encoding: 'utf8',
    env: shellEnv(),
    maxBuffer: 64 * 1024 * 1024,
  })
}

/** Seconds since `start`, to log each install's time. */
export function seconds(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(1)
}

/** The checks every route must pass, after beforeAll. */
export function teamChecks(project: () => string): void {
  it(
    'a plain node script imports gate and auditMapping from faultline and gets their reports back',
    () => {
      const out = run(project(), process.execPath, ['api.mjs'])
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
        command: string
        passed: boolean
        runs: number
        cells: number
        clients: string[]
      }
      expect(result).toMatchObject({ command: 'gate', passed: true, runs: 5, clients: ['fetch'] })
      expect(result.cells).toBeGreaterThan(0)
    },
    CHECK_TIMEOUT,
  )

  it(
    "tsc type-checks the team's code against faultline, faultline/vitest and faultline/msw",
    () => {
      run(project(), process.execPath, [join(project(), 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    },
    CHECK_TIMEOUT,
  )

  it(
    'npx faultline gate prints a replay command starting with `npx faultline`, and it replays the counterexample',
    () => {
      const gate = npx(project(), 'gate', '--executor', 'naive', '--runs', '30', '--seed', '1', '--workers', '1')
      expect(gate.status, gate.stderr).toBe(1)
      expect(gate.stdout).not.toContain('npm run faultline')
      const replay = /^\s*replay with\s+(npx faultline run (\S+) --executor naive)\s*$/m.exec(gate.stdout)
      expect(replay, gate.stdout).not.toBeNull()
      const args = ['run', replay![2]!, '--executor', 'naive'] // the command, word for word
      expect(`npx faultline ${args.join(' ')}`).toBe(replay![1])
      const again = npx(project(), ...args)
      expect(again.status, again.stderr).toBe(1)
      expect(again.stdout).toMatch(/✗ [a-z-]+: /)
    },
    CHECK_TIMEOUT,
  )
}

/**
 * Installed routes only: a linked folder brings its
 * own devDependencies, the frameworks among them.
 */
export function adapterWithoutFramework(project: () => string): void {
  it(
    'an adapter for a framework the team has not installed fails the gate with exit 2 and one line naming the package',
    () => {
      const gate = npx(project(), 'gate', '--executor', 'adapter.mjs', '--runs', '5', '--workers', '1')
      expect(gate.status, gate.stderr).toBe(2)
      const lines = gate.stderr
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('npm warn'))
      expect(lines, gate.stderr).toHaveLength(1)
      expect(lines[0]).toContain(
        'it needs the package "ai", which is not installed (npm install --save-dev "ai@^7.0.0")',
      )
    },
    CHECK_TIMEOUT,
  )
}

/** SDKs and frameworks are optional peers: none installed. */
const PEERS = ['stripe', 'resend', 'axios', 'ai', '@modelcontextprotocol/sdk', '@openai/agents', '@langchain/core']

export function expectNoSdks(project: string): void {
  const r = spawnSync('npm', ['ls', '--all', '--parseable', ...PEERS], {
    cwd: project,
    encoding: 'utf8',
    env: shellEnv(),
  })
  expect(r.stdout.trim()).toBe('')
  for (const sdk of PEERS) expect(readdirSync(join(project, 'node_modules'))).not.toContain(sdk.split('/')[0])
}
