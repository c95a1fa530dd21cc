// Messages as work in flight: one posted on a
// MessagePort or BroadcastChannel (here or
// from another thread) is delivered in a loop
// turn's poll phase, which one settle() may
// not reach. A port merely open (listening,
// nothing posted) delivers nothing.
import { createHook, executionAsyncResource } from 'node:async_hooks'
import { MessagePort } from 'node:worker_threads'

let delivered = 0
/** Windows open: the hook runs only inside one. */
let windows = 0
// Only while watched: `before` runs for
// every promise reaction too.
const hook = createHook({
  before() {
    if (executionAsyncResource() instanceof MessagePort) delivered++
  },
})

/**
 * Message-port callbacks (a message, or a
 * port closing) run while `during` runs.
 */
export async function messagesDelivered(during: () => Promise<void>): Promise<number> {
  const start = delivered
  if (windows++ === 0) hook.enable()
  try {
    await during()
  } finally {
    if (--windows === 0) hook.disable()
  }
  return delivered - start
}
