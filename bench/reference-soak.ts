// The reference (with --zoo correct, the correct
// zoo too) over many generated runs: none may
// show a violation. A script, not a test, for
// its length. It stops at the first failing run
// (--all: counts them all).
//
//   npm run bench:soak   # reference, 4 × 2,500 runs
//   npm run bench:soak -- --runs 1000 --zoo correct
//   npm run bench:soak -- --all --profile hostile \
//     --executors honest-minimal,resend-sdk
//   npm run bench:soak -- --vendors payments=square
import { parseArgs } from 'node:util'
import { CORRECT_ZOO, loadBundled } from '../executors/index.ts'
import { search } from '../harness/campaign/search.ts'
import { JUDGE_NAMES } from '../harness/judge/finding.ts'
import { parseProfile } from '../harness/scenario/profile.ts'
import { parseVendors, vendorsName } from '../harness/contract/vendors.ts'
import { scenarioGenerator } from '../scenarios/arbitraries.ts'

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    runs: { type: 'string' },
    zoo: { type: 'string' },
    executors: { type: 'string' },
    profile: { type: 'string' },
    vendors: { type: 'string' },
    all: { type: 'boolean' },
  },
})
const seeds = (values.seeds ?? '1,2,3,4').split(',').map(Number)
const runs = Number(values.runs ?? 2500)
const profile = parseProfile(values.profile ?? 'vendor')
if (!profile.ok) throw new Error(profile.problem)
const names = values.executors
  ? values.executors.split(',')
  : values.zoo === 'correct'
    ? ['reference', ...CORRECT_ZOO]
    : ['reference']
const vendors = parseVendors(values.vendors ?? 'payments=stripe')
if (!vendors.ok) throw new Error(vendors.problem)
const generator = scenarioGenerator({ profile: profile.features, vendors: vendors.vendors })

let total = 0
let failing = 0
const started = performance.now()
console.log(
  `soak: ${names.join(', ')}; profile ${values.profile ?? 'vendor'}; vendors ${vendorsName(vendors.vendors)}; seeds ${seeds.join(',')}; ${runs} runs each`,
)
for (const name of names) {
  const executor = await loadBundled(name)
  let mine = 0
  for (const seed of seeds) {
    const r = await search(executor, { runs, seed, stopAtFirstFailure: !values.all, generator })
    total += r.summary.runs
    mine += r.summary.failingRuns
    const v = JUDGE_NAMES.filter((j) => r.summary.violations[j] > 0).map((j) => `${j} ${r.summary.violations[j]}`)
    console.log(
      `${name.padEnd(20)} seed ${seed}: ${r.summary.runs} runs, ${r.summary.failingRuns} failing${v.length ? ` (${v.join(', ')})` : ''}; unresolved ${(r.summary.unresolved.rate * 100).toFixed(1)}%; ${r.summary.faults} faults struck`,
    )
    if (r.counterexample) console.log(JSON.stringify(r.counterexample.scenario))
  }
  failing += mine
}
console.log(
  `${names.length} executor(s): ${total} generated runs, ${failing} with a violation, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
process.exitCode = failing > 0 ? 1 : 0
