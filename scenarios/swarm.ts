// Swarm testing (Groce et al., "Swarm Testing", ISSTA 2012): rather than one
// fixed mix of every feature in every run, each run first draws which fault
// kinds are on and how much each weighs, how densely faults strike, whether
// the executor crashes, and which tools the plan uses. A run with few kinds on
// strikes with them over and over — two refusals in a row, a 504 then a
// refusal, a late landing and a crash — conjunctions that a flat mix of a dozen
// kinds almost never draws together. Across runs every kind still appears.
import fc from 'fast-check'
import type { RequestFaultKind } from '../harness/faults/fault.ts'
import type { PlanTool } from './plan-steps.ts'

export interface Swarm {
  /** Each request fault kind's weight in this run (0: off this run). */
  readonly faultWeights: Readonly<Record<string, number>>
  /** Percent of tool calls with no fault at all (the plan goes on past them). */
  readonly calm: number
  /** Percent chance that a given send (or probe) of a troubled tool call is struck. */
  readonly density: number
  /** Percent of tool calls whose sends are struck by one burst of a fault rather than one by one. */
  readonly burstiness: number
  /** Percent chance that a step's tool call (or the abort) has an executor crash; 0: no crash this run. */
  readonly crashChance: number
  /** Each tool's weight in the plan (0: not used this run). */
  readonly tools: Readonly<Record<PlanTool, number>>
}

export interface SwarmOptions {
  /** Refunds only, no crash (the spine). */
  readonly spineOnly: boolean
}

/** How many kinds a run turns on: one or two (a focused run strikes with them over and over), a few, half, or all. */
function focusSizes(n: number): number[] {
  return [...new Set([1, 2, 3, Math.ceil(n / 2), n].map((k) => Math.min(n, k)))]
}

/** A run's swarm over `kinds`: a random few of them on (at least one), each weighed 1-3 times its catalogue weight. */
export function swarmArbitrary(kinds: readonly RequestFaultKind[], options: SwarmOptions): fc.Arbitrary<Swarm> {
  const n = kinds.length
  return fc
    .record({
      order: fc.shuffledSubarray([...kinds.keys()], { minLength: n, maxLength: n }),
      focus: fc.constantFrom(...focusSizes(n)),
      scale: fc.tuple(...kinds.map(() => fc.integer({ min: 1, max: 3 }))),
      calm: fc.constantFrom(0, 30, 50, 70),
      density: fc.constantFrom(20, 35, 55, 80),
      burstiness: fc.constantFrom(0, 40, 70),
      crashChance: options.spineOnly ? fc.constant(0) : fc.constantFrom(0, 20, 40, 60),
      tools: options.spineOnly
        ? fc.constant({ issue_refund: 1, charge_card: 0, send_email: 0 })
        : fc.record({ issue_refund: fc.integer({ min: 1, max: 2 }), charge_card: fc.integer({ min: 0, max: 2 }), send_email: fc.integer({ min: 1, max: 2 }) }),
    })
    .map(({ order, focus, scale, calm, density, burstiness, crashChance, tools }): Swarm => {
      const on = new Set(order.slice(0, focus))
      const faultWeights: Record<string, number> = {}
      kinds.forEach((k, i) => (faultWeights[k.kind] = on.has(i) ? k.weight * scale[i]! : 0))
      return { faultWeights, calm, density, burstiness, crashChance, tools }
    })
}
