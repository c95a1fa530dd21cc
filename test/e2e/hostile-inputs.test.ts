// The command line's own inputs and outputs, made
// hostile: a FIFO or a device where a file is read
// is refused unread (exit 2, one line); an output
// that cannot be written is bad usage before any
// work; one that fails after the work (a full disk)
// is a line on stderr, and the verdict stands.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { refundScenario } from '../support/scenario.ts'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, type Ran } from '../support/cli-process.ts'

const cli = (args: string[], cwd = scratchDir('hostile-inputs'), env: NodeJS.ProcessEnv = {}): Promise<Ran> =>
  cliProcess(args, { cwd, env })

/** A scratch dir holding a FIFO nobody writes. */
function withFifo(name: string): { cwd: string; path: string } {
  const cwd = scratchDir('hostile-inputs')
  const path = join(cwd, name)
  mkdirSync(join(path, '..'), { recursive: true })
  execFileSync('mkfifo', [path])
  return { cwd, path }
}

/** Exit 2 with exactly `line` as all of stderr. */
function badUsage(r: Ran, line: string | RegExp): void {
  expect(r.code, r.stderr).toBe(2)
  expect(r.stderr.trim().split('\n')).toEqual([typeof line === 'string' ? line : expect.stringMatching(line)])
  expect(r.stdout).toBe('')
}

const SMALL = ['--runs', '3', '--workers', '1', '--no-corpus']
const MODULE = '(give the path to a .ts, .mts, .js, .mjs or .cjs module)'

describe.concurrent('a FIFO or a device as an input: exit 2 in one line, unread', () => {
  it('run: a FIFO as the scenario', async () => {
    const { cwd } = withFifo('s.json')
    badUsage(
      await cli(['run', 's.json'], cwd),
      'faultline: scenario file s.json is a FIFO, not a regular file (give the path to a .json scenario)',
    )
  })

  it('run: /dev/zero as the scenario (it used to read till the allocator aborted)', async () => {
    badUsage(
      await cli(['run', '/dev/zero']),
      'faultline: scenario file /dev/zero is a character device, not a regular file (give the path to a .json scenario)',
    )
  })

  it('merge: a FIFO as a shard; report: /dev/zero as the result', async () => {
    const { cwd } = withFifo('shard.json')
    badUsage(
      await cli(['merge', 'shard.json'], cwd),
      'faultline: shard.json is a FIFO, not a regular file (merge takes the files shards wrote with --out)',
    )
    badUsage(
      await cli(['report', '/dev/zero']),
      'faultline: /dev/zero is a character device, not a regular file (report takes a file written by --out, or printed by --json)',
    )
  })

  it('gate: a FIFO as --judge, as --min-coverage', async () => {
    const { cwd } = withFifo('judge.ts')
    execFileSync('mkfifo', [join(cwd, 'cov.json')])
    badUsage(
      await cli(['gate', '--executor', 'reference', ...SMALL, '--judge', './judge.ts'], cwd),
      `faultline: judge module ./judge.ts is a FIFO, not a regular file ${MODULE}`,
    )
    badUsage(
      await cli(['gate', '--executor', 'reference', ...SMALL, '--min-coverage', 'cov.json'], cwd),
      'faultline: --min-coverage cov.json: cannot read it as JSON (it is a FIFO, not a regular file)',
    )
  })

  it('gate: a FIFO as --executor is refused, not left to the load timeout', async () => {
    const { cwd } = withFifo('exec.ts')
    badUsage(
      await cli(['gate', '--executor', './exec.ts', ...SMALL, '--load-timeout', '120000'], cwd),
      /^faultline: executor module \.\/exec\.ts is (a FIFO, )?not a regular file /,
    )
  })

  it('run: a FIFO as --mapping', async () => {
    const { cwd } = withFifo('mapping.ts')
    writeFileSync(join(cwd, 's.json'), JSON.stringify(refundScenario()))
    badUsage(
      await cli(['run', 's.json', '--mapping', 'mapping.ts'], cwd),
      `faultline: mapping module mapping.ts is a FIFO, not a regular file ${MODULE}`,
    )
  })

  it("gate: a FIFO in the corpus named like the executor's entry is bad usage (exit 2), not a hang", async () => {
    const name = 'false-failure--naive--0123456789ab.json'
    const { cwd } = withFifo(join('.faultline', 'corpus', name))
    badUsage(
      await cli(['gate', '--executor', 'naive', '--runs', '3', '--workers', '1'], cwd),
      `faultline: corpus entry .faultline/corpus/${name} is a FIFO, not a regular file; delete it (faultline writes only files there)`,
    )
  })
})

describe.concurrent('an output that cannot be written: exit 2 before any work', () => {
  // One line on stderr: had the campaign run, its
  // timing line would be there too.
  it('--out a directory', async () => {
    const cwd = scratchDir('hostile-inputs')
    mkdirSync(join(cwd, 'reports'))
    badUsage(
      await cli(['gate', '--executor', 'naive', ...SMALL, '--out', 'reports'], cwd),
      'faultline: cannot write --out reports: it is a directory (give a file path)',
    )
  })

  it('--junit a FIFO with no reader (opening it for writing would block)', async () => {
    const { cwd } = withFifo('junit.xml')
    badUsage(
      await cli(['gate', '--executor', 'naive', ...SMALL, '--junit', 'junit.xml'], cwd),
      'faultline: cannot write --junit junit.xml: it is a FIFO or a socket (give a file path)',
    )
  })

  it('compare: a --corpus under a file, which a found failure could never be saved in', async () => {
    const cwd = scratchDir('hostile-inputs')
    writeFileSync(join(cwd, 'file'), '')
    badUsage(
      await cli(['compare', '--executors', 'naive', '--runs', '3', '--workers', '1', '--corpus', 'file/corpus'], cwd),
      /^faultline: the corpus directory file\/corpus cannot be made: ENOTDIR: .* \(check --corpus, or pass --no-corpus\)$/,
    )
  })

  it('--html under a file, on run as on gate', async () => {
    const cwd = scratchDir('hostile-inputs')
    writeFileSync(join(cwd, 'file'), '')
    writeFileSync(join(cwd, 's.json'), JSON.stringify(refundScenario()))
    badUsage(
      await cli(['run', 's.json', '--executor', 'naive', '--html', 'file/r.html'], cwd),
      /^faultline: cannot write --html file\/r\.html: \S+\/file is not a directory$/,
    )
  })
})

describe.runIf(existsSync('/dev/full'))(
  'an output that fails after the work: the verdict stands',
  { concurrent: true },
  () => {
    it('a violation with --out on a full disk is still exit 1, its verdict on stdout, one line naming --out', async () => {
      const r = await cli(['gate', '--executor', 'naive', ...SMALL, '--out', '/dev/full'])
      expect(r.code, r.stderr).toBe(1)
      expect(r.stdout).toMatch(/^faultline gate — executor naive/)
      expect(r.stdout).toMatch(/FAIL/)
      expect(r.stderr).toMatch(/^faultline: cannot write --out \/dev\/full: ENOSPC: [^\n]*$/m)
    })

    it('report: a file it cannot write is its exit 2, the others still written', async () => {
      const cwd = scratchDir('hostile-inputs')
      writeFileSync(join(cwd, 's.json'), JSON.stringify(refundScenario()))
      const ran = await cli(['run', 's.json', '--out', 'r.json'], cwd)
      expect([0, 1], ran.stderr).toContain(ran.code)
      const r = await cli(['report', 'r.json', '--junit', '/dev/full', '--html', 'r.html'], cwd)
      expect(r.code, r.stderr).toBe(2)
      expect(r.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^faultline: cannot write --junit \/dev\/full: ENOSPC: /),
        'faultline report: --html r.html',
      ])
      expect(existsSync(join(cwd, 'r.html'))).toBe(true)
    })
  },
)

describe('$GITHUB_STEP_SUMMARY', () => {
  it('a FIFO: the gate ends with its verdict and a line saying so', async () => {
    const { cwd, path } = withFifo('summary.md')
    const r = await cli(['gate', '--executor', 'reference', ...SMALL], cwd, {
      GITHUB_STEP_SUMMARY: path,
      GITHUB_ACTIONS: '',
    })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/PASS/)
    expect(r.stderr).toMatch(/^faultline: cannot append to \$GITHUB_STEP_SUMMARY \S+summary\.md: /m)
  })
})
