// Running a request under an idempotency key,
// the same for every service: reserve
// atomically, then replay, refuse, or perform
// and store. Each service shapes its answers.
import type { IdempotencyStore, StoredResponse } from './store.ts'

/** A result to store under the key, or not to. */
export type Performed = { readonly store: StoredResponse } | { readonly dontStore: Response }

export interface GuardAnswers {
  /** The first response, replayed. */
  replay(stored: StoredResponse): Response
  /** Same key, other payload. */
  mismatch(): Response
  /** Same key, first request still in flight. */
  inFlight(): Response
  /** The stored result, answered the first time. */
  fresh(stored: StoredResponse): Response
}

export async function guarded(
  store: IdempotencyStore,
  slot: string,
  fingerprint: string,
  perform: () => Promise<Performed>,
  answers: GuardAnswers,
): Promise<Response> {
  const epoch = store.epoch
  const reservation = store.reserve(slot, fingerprint)
  switch (reservation.kind) {
    case 'replay':
      return answers.replay(reservation.response)
    case 'mismatch':
      return answers.mismatch()
    case 'in-flight':
      return answers.inFlight()
    case 'reserved': {
      let performed: Performed
      try {
        performed = await perform()
      } catch (e) {
        store.release(slot, epoch) // the request died (a restart, say): nothing to replay
        throw e
      }
      if ('dontStore' in performed) {
        store.release(slot, epoch)
        return performed.dontStore
      }
      // A snapshot: a replay returns the first
      // response, not the resource as it is now.
      const stored = { status: performed.store.status, body: structuredClone(performed.store.body) }
      store.complete(slot, stored, epoch)
      return answers.fresh(stored)
    }
  }
}
