// Entry point: `npm run faultline -- <command>`, or
// `faultline` installed. The exit code is the
// supervisor's, and we exit once the report is out:
// nothing an executor left behind keeps us alive.
import { harnessFailed, main } from './main.ts'
import { keepGarbageYoung } from '../../harness/supervisor/young-garbage.ts'

// Executors run in workers: a throw nothing here
// caught is ours. Exit 3, not Node's 1 (a finding).
const crashed = (e: unknown) => {
  process.stderr.write(`${harnessFailed(e)}\n`)
  process.exit(3)
}
process.on('uncaughtException', crashed)
process.on('unhandledRejection', crashed)

// A process of ours: its GC tuned before any draw.
keepGarbageYoung()

const code = await main(process.argv.slice(2))
process.exitCode = code
// A pipe whose reader is slow takes writes async
// (a 400 KB report was cut at exit): wait for both
// streams to flush, or 10 s for a reader that stalls.
let open = 2
const flushed = () => {
  if (--open === 0) process.exit(code)
}
process.stdout.write('', flushed)
process.stderr.write('', flushed)
setTimeout(() => process.exit(code), 10_000).unref()
