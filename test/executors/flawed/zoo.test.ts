// Detection power: gate (seed 1) catches every
// zoo member within 1,000 runs, as bench:zoo asks
// of every seed, by the judge its file names.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { scenarioGenerator } from '../../../scenarios/arbitraries.ts'
import { afterAll, describe, expect, it } from 'vitest'
import { ZOO } from '../../../executors/flawed/index.ts'
import { search } from '../../../harness/campaign/search.ts'

/** bench:zoo's bound, gate's default seed. */
const GATE = { runs: 1_000, seed: 1 }

describe('the zoo of flawed executors', () => {
  it('has thirty members, one bug each, each file naming its bug and its judge', () => {
    expect(ZOO).toHaveLength(30)
    expect(new Set(ZOO.map((m) => m.executor.name)).size).toBe(30)
    for (const m of ZOO) {
      const source = readFileSync(
        join(import.meta.dirname, '..', '..', '..', 'executors', 'flawed', `${m.executor.name}.ts`),
        'utf8',
      )
      expect(source).toMatch(/^\/\/ Bug: .+\n\/\/ Caught by: [a-z-]+\.\n/)
      expect(source).toContain(`// Caught by: ${m.catches}.`)
    }
  })

  // Each catch's cost, printed after whichever ran: a
  // summary, not a test, so no test needs another.
  const report: string[] = []
  afterAll(() => {
    if (report.length > 0)
      console.log(`gate --runs ${GATE.runs} --seed ${GATE.seed} against the zoo:\n${report.sort().join('\n')}`)
  })
  it.each(ZOO.map((m) => [m.executor.name, m] as const))(
    'gate catches %s with the judge its file names',
    async (_name, member) => {
      const judges = new Set<string>()
      const result = await search(member.executor, {
        ...GATE,
        stopAtFirstFailure: true,
        generator: scenarioGenerator({ ...(member.vendors && { vendors: member.vendors }) }),
        onRun: (_i, violations) => violations.forEach((v) => judges.add(v.judge)),
      })
      expect(result.counterexample, `${member.executor.name} was not caught in ${GATE.runs} runs`).not.toBeNull()
      // Its bug may first show as another judge
      // (a forgotten intent, left uncompensated):
      // the named one must follow within the bound.
      if (!judges.has(member.catches)) {
        const seen = new AbortController()
        await search(member.executor, {
          ...GATE,
          stopAtFirstFailure: false,
          generator: scenarioGenerator({ ...(member.vendors && { vendors: member.vendors }) }),
          signal: seen.signal,
          onRun: (_i, violations) => {
            for (const v of violations) judges.add(v.judge)
            if (judges.has(member.catches)) seen.abort()
          },
        })
      }
      expect([...judges]).toContain(member.catches)
      const c = result.counterexample!
      report.push(
        `${member.executor.name.padEnd(28)} ${member.catches.padEnd(25)} first failure at run ${String(result.summary.firstFailureRun).padStart(3)}; minimal counterexample: ${c.scenario.faults.length} fault(s), ${c.scenario.plan.length} step(s), ${c.shrinks} shrinks`,
      )
    },
  )
})
