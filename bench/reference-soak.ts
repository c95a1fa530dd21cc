// The reference executor over many generated runs (default 10,000, the whole
// fault catalogue and every tool): it must show no violation. A documented
// script rather than a test, for its length.
//
//   npm run bench:soak                # 10,000 runs: 4 seeds x 2,500
//   npm run bench:soak -- --runs 2500 --seeds 1,2,3,4
import { scenarioGenerator } from '../scenarios/arbitraries.ts'
import { parseArgs } from 'node:util'
import { reference } from '../executors/reference/reference.ts'
import { JUDGE_NAMES } from '../harness/judge/finding.ts'
import { search } from '../harness/campaign/search.ts'

const { values } = parseArgs({ options: { seeds: { type: 'string' }, runs: { type: 'string' } } })
const seeds = (values.seeds ?? '1,2,3,4').split(',').map(Number)
const runs = Number(values.runs ?? 2500)
let total = 0
let failing = 0
const started = performance.now()
for (const seed of seeds) {
  const r = await search(reference, { runs, seed, stopAtFirstFailure: true, generator: scenarioGenerator() })
  total += r.summary.runs
  failing += r.summary.failingRuns
  const v = JUDGE_NAMES.filter((j) => r.summary.violations[j] > 0).map((j) => `${j} ${r.summary.violations[j]}`)
  console.log(`seed ${seed}: ${r.summary.runs} runs, ${r.summary.failingRuns} failing${v.length ? ` (${v.join(', ')})` : ''}; unresolved ${(r.summary.unresolved.rate * 100).toFixed(1)}%; ${r.summary.faults} faults struck`)
  if (r.counterexample) console.log(JSON.stringify(r.counterexample.scenario))
}
console.log(`reference: ${total} generated runs, ${failing} with a violation, in ${((performance.now() - started) / 1000).toFixed(0)} s`)
process.exitCode = failing > 0 ? 1 : 0
