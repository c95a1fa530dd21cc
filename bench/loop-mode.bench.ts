// Loop mode's cost: scenarios per second of each
// framework's careful agent run through its own
// loop (examples/loops/<fw>), beside its careful
// tools in tool mode (examples/adapters/<fw>).
// Same seed, same runs, one worker, the library's
// gate; rounds alternate, medians compared.
// Target: loop ≥ 50 % of tool mode's rate.
//
//   npm run bench                       # prints it
//   npx tsx bench/loop-mode.bench.ts --runs 200
//   npx tsx bench/loop-mode.bench.ts --loop-dir examples/adapters
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { gate, type GateReport } from '../faultline/index.ts'
import { childrenSoFarMs, selfAndReapedMs } from './proc-cpu.ts'
import { ROOT } from './checkout-root.ts'

/** A noisy 2-core machine: the median of 3. */
const ROUNDS = 3

const FRAMEWORKS: readonly { readonly dir: string; readonly label: string }[] = [
  { dir: 'ai-sdk', label: 'AI SDK' },
  { dir: 'openai-agents', label: 'OpenAI Agents' },
  { dir: 'langchain', label: 'LangChain' },
  { dir: 'mcp', label: 'MCP' },
]

/**
 * Where a gate's runs start, in CPU: what the
 * process and its workers used to get there.
 */
function cpuBaseMs(): number | null {
  try {
    return selfAndReapedMs() + childrenSoFarMs()
  } catch {
    return null // no Linux /proc
  }
}

/** One gate's pace, and what it found. */
interface Timed {
  readonly perSecond: number
  /** CPU ms a run, this process's and its worker's. */
  readonly cpuMs: number | null
  readonly runs: number
  readonly report: GateReport
}

/**
 * One gate, timed from the worker's load (the
 * 'start' event) to its last run: no start-up,
 * no shrinking, as a team's gate runs them.
 */
async function timedGate(module: string, runs: number, seed: number, cwd: string): Promise<Timed> {
  let start = 0
  let last = 0
  let done = 0
  let cpu0: number | null = null
  const report = await gate({
    executor: module,
    runs,
    seed,
    workers: 1,
    corpus: false,
    keepRuns: false,
    cwd,
    onProgress: (p) => {
      if (p.kind === 'start') {
        start = performance.now()
        cpu0 = cpuBaseMs()
      }
      if (p.kind === 'run') {
        done++
        last = performance.now()
      }
    },
  })
  // The pool closed: its worker's CPU is reaped.
  // After the last run: only the close and report.
  const cpuMs = cpu0 === null ? null : (selfAndReapedMs() - cpu0) / done
  return { perSecond: done / ((last - start) / 1000), cpuMs, runs: done, report }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
const list = (xs: number[], d = 0) => xs.map((x) => fmt(x, d)).join(', ')

/** What a gate found, if it did not pass. */
function failure(mode: string, t: Timed): string | null {
  if (t.report.passed) return null
  const c = t.report.counterexample
  return c
    ? `${mode} failed at run ${t.runs}: ${c.judge}`
    : `${mode} did not pass (${t.report.summary.nothingTested ?? 'see its report'})`
}

/** The tools and identity a gate drew its scenarios for. */
const declared = (r: GateReport) => JSON.stringify(r.executor.declared ?? null)

/**
 * Each framework's two modules, rounds alternating
 * which goes first; a missing or broken loop module
 * is one line, and the next framework goes on.
 */
export async function loopModeLines(runs: number, seed: number, loopDir = 'examples/loops'): Promise<string[]> {
  const out = [
    '',
    `loop mode — scenarios per second, each framework's careful agent in its own loop (${loopDir}/<fw>) beside its careful tools (examples/adapters/<fw>): library gate, 1 worker, ${fmt(runs)} runs × ${ROUNDS} rounds alternating, seed ${seed}, timed from the worker's load to the last run; medians; CPU per run: this process and its worker process, all threads (Linux /proc):`,
  ]
  const cwd = mkdtempSync(join(tmpdir(), 'faultline-loop-bench-'))
  try {
    for (const { dir, label } of FRAMEWORKS) {
      const tool = join(ROOT, 'examples/adapters', dir, 'careful.faultline.ts')
      const loopRel = join(loopDir, dir, 'careful.faultline.ts')
      const loop = resolve(ROOT, loopRel)
      const name = label.padEnd(14)
      if (!existsSync(loop)) {
        out.push(`  ${name} no loop module yet: ${loopRel} is missing (skipped)`)
        continue
      }
      try {
        const tools: Timed[] = []
        const loops: Timed[] = []
        for (let r = 0; r < ROUNDS; r++) {
          // Alternate who goes first: a slow spell
          // or a warm disk cache favours neither.
          if (r % 2 === 0) tools.push(await timedGate(tool, runs, seed, cwd))
          loops.push(await timedGate(loop, runs, seed, cwd))
          if (r % 2 === 1) tools.push(await timedGate(tool, runs, seed, cwd))
        }
        const loopRate = median(loops.map((t) => t.perSecond))
        const toolRate = median(tools.map((t) => t.perSecond))
        const cpus = (ts: Timed[]) => ts.flatMap((t) => (t.cpuMs === null ? [] : [t.cpuMs]))
        out.push(
          `  ${name} loop ${fmt(loopRate)}/s   tool ${fmt(toolRate)}/s   loop / tool ${fmt((loopRate / toolRate) * 100)} %   (target ≥ 50 %; rounds loop ${list(loops.map((t) => t.perSecond))}, tool ${list(tools.map((t) => t.perSecond))})`,
        )
        // CPU a run holds on a machine busy with
        // others, where the pace alone does not.
        if (cpus(loops).length === ROUNDS && cpus(tools).length === ROUNDS) {
          const [loopCpu, toolCpu] = [median(cpus(loops)), median(cpus(tools))]
          out.push(
            `  ${''.padEnd(14)} CPU per run: loop ${fmt(loopCpu, 1)} ms, tool ${fmt(toolCpu, 1)} ms   tool / loop ${fmt((toolCpu / loopCpu) * 100)} %   (rounds loop ${list(cpus(loops), 1)}, tool ${list(cpus(tools), 1)})`,
          )
        }
        const notes = [failure('loop', loops[0]!), failure('tool', tools[0]!)].filter((n) => n !== null)
        // Different declarations: different scenarios.
        if (declared(loops[0]!.report) !== declared(tools[0]!.report))
          notes.push(
            `declared differently (loop ${declared(loops[0]!.report)}, tool ${declared(tools[0]!.report)}): not the same scenarios`,
          )
        for (const note of notes) out.push(`  ${''.padEnd(14)} ${note}`)
      } catch (e) {
        out.push(`  ${name} not measured: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`)
      }
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true })
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { runs: { type: 'string' }, seed: { type: 'string' }, 'loop-dir': { type: 'string' } },
  })
  const lines = await loopModeLines(Number(values.runs ?? 200), Number(values.seed ?? 1), values['loop-dir'])
  for (const line of lines) console.log(line)
}
