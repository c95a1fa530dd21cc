// Benchmark: detection power. For every member of the zoo, how many generated
// runs gate needs to its first failure, and how long shrinking takes, over a
// few seeds. Targets: median runs-to-first-failure <= 50, shrinking <= 3 s per mutant.
//
//   npm run bench:zoo                 # seeds 1-5, up to 1,000 runs each
import { scenarioGenerator } from '../scenarios/arbitraries.ts'
import { parseArgs } from 'node:util'
import { ZOO } from '../executors/flawed/index.ts'
import { search } from '../harness/campaign/search.ts'

const { values } = parseArgs({ options: { seeds: { type: 'string' }, runs: { type: 'string' } } })
const seeds = (values.seeds ?? '1,2,3,4,5').split(',').map(Number)
const runs = Number(values.runs ?? 1000)

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

console.log(`faultline zoo bench — gate against each flawed executor, seeds ${seeds.join(',')}, up to ${runs} runs each`)
console.log(`${'mutant'.padEnd(28)} ${'judge'.padEnd(25)} ${'runs to 1st failure (per seed)'.padEnd(32)} median  shrink ms (median)  faults left`)
const medians: number[] = []
const shrinks: number[] = []
let missed = 0
for (const m of ZOO) {
  const firsts: number[] = []
  const shrinkMs: number[] = []
  const faults: number[] = []
  for (const seed of seeds) {
    const r = await search(m.executor, { runs, seed, stopAtFirstFailure: true, generator: scenarioGenerator() })
    if (!r.counterexample) {
      missed++
      firsts.push(runs + 1)
      continue
    }
    firsts.push(r.summary.firstFailureRun!)
    shrinkMs.push(r.counterexample.shrinkRealMs)
    faults.push(r.counterexample.scenario.faults.length)
  }
  const med = median(firsts)
  medians.push(med)
  if (shrinkMs.length) shrinks.push(median(shrinkMs))
  console.log(
    `${m.executor.name.padEnd(28)} ${m.catches.padEnd(25)} ${firsts.map((f) => (f > runs ? 'miss' : String(f))).join(' ').padEnd(32)} ${String(med).padStart(6)}  ${String(Math.round(shrinkMs.length ? median(shrinkMs) : 0)).padStart(18)}  ${faults.join(' ')}`,
  )
}
console.log('')
console.log(`median runs to first failure, over mutants: ${median(medians)}   (target <= 50)`)
console.log(`worst mutant's median: ${Math.max(...medians)}; missed within ${runs} runs: ${missed} of ${ZOO.length * seeds.length}`)
console.log(`shrinking, median per mutant: max ${Math.round(Math.max(...shrinks))} ms, median ${Math.round(median(shrinks))} ms   (target <= 3,000 ms)`)
