// A run worker's host: a process of its own, in
// its own process group, so the supervisor can
// always end the worker and all it started —
// even a thread blocked in read(), which
// worker.terminate() cannot stop.
//
// Plain JS (no tsx): it starts in ~70 ms. Runs
// and results pass it by the worker's own pipes
// (frames.ts); it reads the journal of a worker
// that died, and cuts its output at a budget.
// Its own messages go framed on fd 6; fd 3
// brings dumps asked, and its end says the
// supervisor is gone. No IPC: bytes an
// executor writes into an IPC channel are
// parsed by Node, and can throw there.
import { randomFillSync } from 'node:crypto'
import { writeSync } from 'node:fs'
import { Socket } from 'node:net'
import { Worker } from 'node:worker_threads'
import { SEAL_BYTES, writeFrame } from './frame-layout.mjs'
import { createJournal, journalTask, journalText } from './journal-layout.mjs'

const { memoryMb, youngMb, journalBytes, outputBytes, build, pipes } = JSON.parse(process.argv[2] ?? '{}')
const journal = createJournal(journalBytes)
// Framed on a pipe of its own, blocking, each
// after a seal named before the worker starts:
// one the executor frames there lacks it.
const seal = randomFillSync(new Uint8Array(SEAL_BYTES))
const send = (m, then) => {
  try {
    writeFrame(pipes.host, m, seal)
  } catch {
    // The supervisor is gone: fd 3's end ends us.
  }
  then?.()
}
send({ type: 'seal' })

/** Ends this process and everything it started. */
function endGroup() {
  try {
    process.kill(-process.pid, 'SIGKILL')
  } catch {
    // Not exit(): it waits for a worker in read().
    try {
      process.kill(process.pid, 'SIGKILL')
    } catch {
      process.abort()
    }
  }
}
// Node's own exit waits for the worker, which
// may wait in read() for its next run: a throw
// here ends the group instead, said first.
process.on('uncaughtException', (e) => {
  try {
    writeSync(2, `faultline: a worker's host failed: ${e?.stack ?? e}\n`)
  } finally {
    endGroup()
  }
})
// The supervisor is gone (its end of fd 3
// closed, even before this ran): nothing may
// outlive it. Each byte from it asks a dump.
const fromSupervisor = new Socket({ fd: pipes.supervisor, readable: true, writable: false })
fromSupervisor.on('end', endGroup)
fromSupervisor.on('error', endGroup)

const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
  workerData: { memoryMb, journal, build, pipes },
  // Young generation above V8's 16 MB: a run's
  // garbage dies before a scavenge (spawn.ts).
  resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: youngMb },
  // The entry registers what it needs.
  execArgv: [],
  stdout: true,
  stderr: true,
})

// What the executor prints, up to a budget per
// run (the journal's task): past it, dropped.
let task = 0
let printed = 0
let cut = false
function print(chunk) {
  const now = journalTask(journal)
  if (now !== task) {
    task = now
    printed = 0
    cut = false
  }
  if (printed >= outputBytes) {
    if (!cut) send({ type: 'output-cut', task, bytes: outputBytes })
    cut = true
    return
  }
  const part = chunk.length > outputBytes - printed ? chunk.subarray(0, outputBytes - printed) : chunk
  printed += part.length
  out(part)
}

// Blocking (the fd as inherited): in the pipe
// once printed, so a kill next loses none.
let blocking = true
function out(bytes) {
  let at = 0
  if (blocking)
    try {
      while (at < bytes.length) at += writeSync(1, bytes, at)
      return
    } catch (e) {
      if (e?.code !== 'EAGAIN') throw e
      blocking = false // made non-blocking: keep the order
    }
  process.stdout.write(bytes.subarray(at))
}
worker.stdout.on('data', print)
worker.stderr.on('data', print)

fromSupervisor.on('data', (bytes) => {
  for (let i = 0; i < bytes.length; i++) send({ type: 'journal', journal: journalText(journal) })
})
worker.on('error', (e) => {
  send({ type: 'worker-error', code: typeof e?.code === 'string' ? e.code : null, message: String(e?.message) })
})
worker.on('exit', (code) => {
  send({ type: 'worker-exit', code, journal: journalText(journal) }, endGroup)
})
