// What reached, or left, a client, in a word
// for the history: a code, else a name.
import { attempt, isInstance } from '../contract/safe-read.ts'

/** The abort's reason by name or code; `closed` if none. */
export function howGaveUp(request: Request): string {
  const { signal } = request
  return signal.aborted ? errorName(signal.reason) : 'closed'
}

/** An error's string code, else its name. */
export function errorName(e: unknown): string {
  const code = attempt(() => (e as { code?: unknown } | null)?.code, undefined)
  return typeof code === 'string' ? code : isInstance(e, Error) ? attempt(() => `${e.name}`, 'Error') : 'error'
}
