// Benchmark: what `faultline audit-mapping`
// costs per example mapping — matrix and
// consequences campaign, in real seconds — with
// the cells and reached cells found.
//
//   npm run bench:audit   # 200 runs, 2 workers
//   npm run bench:audit -- --runs 500 --workers 4
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { auditMapping } from '../faultline/jobs.ts'
import { CLIENT_NAMES } from '../harness/contract/mapping.ts'
import { realNow } from '../harness/sim/real-clock.ts'

const { values } = parseArgs({
  options: { runs: { type: 'string' }, workers: { type: 'string' }, seed: { type: 'string' } },
})
const runs = Number(values.runs ?? 200)
const workers = Number(values.workers ?? 2)
const dir = join(import.meta.dirname, '..', 'examples', 'mappings')

console.log(`faultline audit-mapping bench — ${runs} campaign runs, ${workers} workers, seed ${values.seed ?? 1}`)
console.log(
  `${'mapping'.padEnd(30)} ${'cells'.padStart(5)} ${'dangerous'.padStart(9)} ${'matrix s'.padStart(9)} ${'campaign s'.padStart(11)} ${'total s'.padStart(8)}  reached (fetch)`,
)
for (const file of readdirSync(dir).sort()) {
  const marks: Record<string, number> = {}
  const start = realNow()
  const r = await auditMapping({
    mapping: join(dir, file),
    clients: [...CLIENT_NAMES],
    runs,
    seed: Number(values.seed ?? 1),
    workers,
    onPart: (part) => (marks[part] = realNow()),
  })
  const end = realNow()
  const s = (ms: number) => (ms / 1000).toFixed(1)
  const reached = r.consequences.cells.filter((c) => c.status === 'reached').map((c) => c.case)
  console.log(
    `${file.padEnd(30)} ${String(r.counts.cells).padStart(5)} ${String(r.counts.dangerous).padStart(9)} ${s(marks.consequences! - start).padStart(9)} ${s(marks.sources! - marks.consequences!).padStart(11)} ${s(end - start).padStart(8)}  ${reached.join(', ') || '—'}`,
  )
}
