import { checkInt, checkOneOf, type FaultBase } from './fault.ts'

/**
 * executor: the executor's process crashes at an observable point — right
 * after its n-th durable write, after its n-th request is sent, or when its
 * n-th response arrives (counted over the run) — and, after `pauseMs`, a new
 * process boots on the same durable storage, runs `recover()`, and the agent
 * asks again for the step that was in flight. A crash is real: nothing the
 * dead process does afterwards reaches the network or its storage; requests it
 * had sent may still arrive. A pause past 24 h outlives the services' keys.
 */
export interface ExecutorCrash extends FaultBase {
  readonly kind: 'executor-crash'
  readonly boundary: 'executor'
  readonly point: CrashPoint
  readonly nth: number
  readonly pauseMs: number
}

export type CrashPoint = 'after-write' | 'after-send' | 'after-response'
export const CRASH_POINTS: readonly CrashPoint[] = ['after-write', 'after-send', 'after-response']

export const executorCrash = {
  kind: 'executor-crash' as const,
  boundary: 'executor' as const,
  summary: 'the executor process crashes after a durable write, a send, or a response, then restarts on the same storage',
  check: (f: Record<string, unknown>): string | null =>
    checkOneOf(f, 'point', CRASH_POINTS) ?? checkInt(f, 'nth', 1, 1_000) ?? checkInt(f, 'pauseMs', 0, 30 * 24 * 60 * 60 * 1000),
}
