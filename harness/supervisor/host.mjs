// A run worker's host: a process of its own, in
// its own process group, so the supervisor can
// always end the worker and all it started —
// even a thread blocked in read(), which
// worker.terminate() cannot stop.
//
// Plain JS (no tsx): it starts in ~70 ms. It
// relays messages, reads the journal, and cuts
// the executor's output at a budget.
import { Worker } from 'node:worker_threads'
import { createJournal, journalText } from './journal-layout.mjs'

const { memoryMb, youngMb, journalBytes, outputBytes, build } = JSON.parse(process.argv[2] ?? '{}')
const journal = createJournal(journalBytes)
const send = (m, then) => {
  if (process.connected) process.send(m, then)
  else then?.()
}

/** Ends this process and everything it started. */
function endGroup() {
  try {
    process.kill(-process.pid, 'SIGKILL')
  } catch {
    process.exit(1)
  }
}
// The supervisor is gone: nothing may outlive it.
process.on('disconnect', endGroup)
// Gone while this module loaded: that
// 'disconnect' had no listener yet.
if (!process.connected) endGroup()

const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
  workerData: { memoryMb, journal, build },
  // Young generation above V8's 16 MB: a run's
  // garbage dies before a scavenge (spawn.ts).
  resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: youngMb },
  // The entry registers what it needs.
  execArgv: [],
  stdout: true,
  stderr: true,
})

// What the executor prints, up to a budget per
// run: past it, dropped (memory stays bounded).
let task = 0
let printed = 0
let cut = false
function print(chunk) {
  if (printed >= outputBytes) {
    if (!cut) send({ type: 'output-cut', task, bytes: outputBytes })
    cut = true
    return
  }
  const part = chunk.length > outputBytes - printed ? chunk.subarray(0, outputBytes - printed) : chunk
  printed += part.length
  process.stdout.write(part)
}
worker.stdout.on('data', print)
worker.stderr.on('data', print)

// A run sent while the worker is busy waits
// here; it starts as the last one's leftovers
// end, with no round trip to the supervisor.
let busy = false
let next = null
function start(m) {
  busy = true
  task = m.task
  printed = 0
  cut = false
  worker.postMessage(m)
}

process.on('message', (m) => {
  if (m.type === 'dump') {
    flush() // a finished run is not cut
    return send({ type: 'journal', journal: journalText(journal) })
  }
  if (m.type !== 'run') return worker.postMessage(m)
  if (busy) next = m
  else start(m)
})

// A finished run's events travel with 'done',
// and 'done' with 'idle' if it comes soon: one
// message a run fewer (~30 µs each side).
const IDLE_WAIT_MS = 5
let held = null
let holding = null
function flush() {
  clearTimeout(holding)
  if (held) send(held)
  held = null
}
worker.on('message', (m) => {
  if (m.type === 'idle') {
    busy = false
    // Recycled: the supervisor runs it elsewhere.
    const waiting = m.recycle === null ? next : null
    next = null
    if (waiting) start(waiting)
  }
  if (m.type === 'done') {
    flush()
    held = { ...m, journal: journalText(journal) }
    holding = setTimeout(flush, IDLE_WAIT_MS)
  } else if (m.type === 'idle' && held) {
    clearTimeout(holding)
    send({ type: 'batch', messages: [held, m] })
    held = null
  } else {
    flush()
    send(m)
  }
})
worker.on('error', (e) => {
  send({ type: 'worker-error', code: typeof e?.code === 'string' ? e.code : null, message: String(e?.message) })
})
worker.on('exit', (code) => {
  flush()
  send({ type: 'worker-exit', code, journal: journalText(journal) }, endGroup)
})
