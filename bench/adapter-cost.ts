// The adapters' cost: CPU per run of each framework's
// careful tools through its adapter, beside the same
// support logic as a plain executor, on the same
// scenarios, in this thread. Target: ≤ 1.3×.
//
//   npm run bench                         # prints it last (a tsx child)
//   npx tsx bench/adapter-cost.ts --runs 500
import { parseArgs } from 'node:util'
import aiSdk from '../examples/adapters/ai-sdk/careful.faultline.ts'
import langChain from '../examples/adapters/langchain/careful.faultline.ts'
import mcp from '../examples/adapters/mcp/careful.faultline.ts'
import agents from '../examples/adapters/openai-agents/careful.faultline.ts'
import plain, { perRun } from '../examples/adapters/support/plain-executor.ts'
import { search } from '../harness/campaign/search.ts'
import type { Executor } from '../harness/contract/executor.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'

const TOOLS = ['issue_refund', 'send_email']
const ROUNDS = 3
const WARM_UP = 500

interface Pair {
  readonly framework: string
  readonly adapter: Executor
  readonly plain: Executor
  readonly identity: 'per-step' | 'per-run'
}

const PAIRS: readonly Pair[] = [
  { framework: 'AI SDK', adapter: aiSdk, plain, identity: 'per-step' },
  { framework: 'MCP', adapter: mcp, plain: perRun, identity: 'per-run' },
  { framework: 'OpenAI Agents', adapter: agents, plain, identity: 'per-step' },
  { framework: 'LangChain', adapter: langChain, plain, identity: 'per-step' },
]

/** CPU ms per run (this process: all of it is this thread). */
async function cpuPerRun(executor: Executor, identity: Pair['identity'], runs: number, seed: number) {
  const generator = scenarioGenerator({ tools: TOOLS, identity })
  const before = process.cpuUsage()
  await search(executor, { runs, seed, stopAtFirstFailure: false, generator })
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / runs
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const fmt = (n: number, d = 2) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })

/** Each pair, rounds alternating, medians compared. */
export async function adapterCost(runs: number, seed: number): Promise<string[]> {
  const out = [
    '',
    `adapters — CPU per run, careful tools through the adapter vs the same logic as a plain executor (${fmt(runs, 0)} runs × ${ROUNDS} rounds, seed ${seed})`,
  ]
  for (const p of PAIRS) {
    // Warm-up: the plain run alone fell from 11 to
    // 6 ms over its first few hundred runs.
    await cpuPerRun(p.plain, p.identity, WARM_UP, seed + 1)
    await cpuPerRun(p.adapter, p.identity, WARM_UP, seed + 1)
    const plainMs: number[] = []
    const adapterMs: number[] = []
    for (let r = 0; r < ROUNDS; r++) {
      plainMs.push(await cpuPerRun(p.plain, p.identity, runs, seed))
      adapterMs.push(await cpuPerRun(p.adapter, p.identity, runs, seed))
    }
    const ratio = median(adapterMs) / median(plainMs)
    out.push(
      `  ${p.framework.padEnd(14)} ${fmt(median(adapterMs))} ms vs plain ${fmt(median(plainMs))} ms   adapter / plain ${fmt(ratio)}×   (target ≤ 1.30×)`,
    )
  }
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, seed: { type: 'string' } } })
  for (const line of await adapterCost(Number(values.runs ?? 300), Number(values.seed ?? 1))) console.log(line)
}
