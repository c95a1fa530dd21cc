// Swarm testing (Groce et al., ISSTA 2012):
// each run turns a few fault kinds on, so
// rare conjunctions get drawn together.
import fc from 'fast-check'
import type { RequestFaultKind } from '../harness/faults/fault.ts'
import type { PlanTool } from './plan-steps.ts'

export interface Swarm {
  /** Each fault kind's weight (0: off). */
  readonly faultWeights: Readonly<Record<string, number>>
  /** Percent of tool calls with no fault. */
  readonly calm: number
  /**
   * Percent chance a troubled call's send
   * (or probe) is struck.
   */
  readonly density: number
  /**
   * Percent of troubled calls struck by one
   * burst rather than fault by fault.
   */
  readonly burstiness: number
  /**
   * Percent chance a step (or the abort) has
   * an executor crash; 0: none this run.
   */
  readonly crashChance: number
  /** Each tool's weight in the plan (0: not used this run). */
  readonly tools: Readonly<Record<PlanTool, number>>
}

export interface SwarmOptions {
  /** Refunds only, no crash (the spine). */
  readonly spineOnly: boolean
}

/** How many kinds a run turns on. */
function focusSizes(n: number): number[] {
  return [...new Set([1, 2, 3, Math.ceil(n / 2), n].map((k) => Math.min(n, k)))]
}

/**
 * A run's swarm: a few `kinds` on (at least
 * one), each at 1-3× its catalogue weight.
 */
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
        : fc.record({
            issue_refund: fc.integer({ min: 1, max: 2 }),
            charge_card: fc.integer({ min: 0, max: 2 }),
            send_email: fc.integer({ min: 1, max: 2 }),
          }),
    })
    .map(({ order, focus, scale, calm, density, burstiness, crashChance, tools }): Swarm => {
      const on = new Set(order.slice(0, focus))
      const faultWeights: Record<string, number> = {}
      kinds.forEach((k, i) => (faultWeights[k.kind] = on.has(i) ? k.weight * scale[i]! : 0))
      return { faultWeights, calm, density, burstiness, crashChance, tools }
    })
}
