// What a stuck executor waits for: its last
// request that was never answered, and the
// fault that struck it (a PayPal probe's SDK
// fetched a token with no timeout and hung).
import type { History } from '../history/history.ts'

/** `: attempt 3, POST …, struck by …`, or ''. */
export function leftWaiting(history: History): string {
  const ended = new Set<number>()
  for (const e of history)
    if (e.type === 'answered' || e.type === 'response-lost' || e.type === 'client-gave-up') ended.add(e.attempt)
  const open = history.filter((e) => e.type === 'attempt-sent' && !ended.has(e.attempt)).at(-1)
  if (open?.type !== 'attempt-sent') return ''
  const what = open.setup ? ' (a token request)' : open.probe ? ' (a look-up)' : ''
  const fault = history.find((e) => e.type === 'fault-injected' && e.attempt === open.attempt)
  const struck = fault?.type === 'fault-injected' ? `, struck by ${fault.kind},` : ''
  return `: its attempt ${open.attempt}, ${open.method} ${open.service}${open.path}${what}${struck} was never answered, and nothing bounds the wait (give its client a timeout, or pass it the turn's signal)`
}
