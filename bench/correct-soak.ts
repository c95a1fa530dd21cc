// No false alarms, at length: the reference and
// the correct zoo over generated vendor-profile
// runs (10 seeds × 1,000 each). Exit 1 on any
// violation, its scenario printed.
//
//   npm run bench:soak:correct
//   npm run bench:soak:correct -- --runs 500 \
//     --seeds 1,2 --executors reference,axios-retries
import { parseArgs } from 'node:util'
import { CORRECT_ZOO, loadBundled } from '../executors/index.ts'
import { search } from '../harness/campaign/search.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'

const { values } = parseArgs({
  options: { seeds: { type: 'string' }, runs: { type: 'string' }, executors: { type: 'string' } },
})
const seeds = (values.seeds ?? '1,2,3,4,5,6,7,8,9,10').split(',').map(Number)
const runs = Number(values.runs ?? 1000)
const names = (values.executors ?? ['reference', ...CORRECT_ZOO].join(',')).split(',')
let failingTotal = 0
const started = performance.now()
for (const name of names) {
  const executor = await loadBundled(name)
  let total = 0
  let failing = 0
  const t0 = performance.now()
  for (const seed of seeds) {
    const r = await search(executor, { runs, seed, stopAtFirstFailure: false, generator: scenarioGenerator() })
    total += r.summary.runs
    failing += r.summary.failingRuns
    if (r.counterexample)
      console.log(`${name} seed ${seed}: ${r.counterexample.judge}\n${JSON.stringify(r.counterexample.scenario)}`)
  }
  failingTotal += failing
  console.log(
    `${name.padEnd(22)} ${total} runs over ${seeds.length} seeds, ${failing} with a violation, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  )
}
console.log(
  `${names.length} executors, ${failingTotal} failing runs in all, ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
process.exitCode = failingTotal > 0 ? 1 : 0
