// Entry point: `npm run faultline -- <command>`, or `faultline` when installed.
// The exit code is the supervisor's alone, and the command ends when its
// report is out: nothing an executor left behind (it ran in workers, which are
// gone by now) can keep this process alive.
import { main } from './main.ts'

const code = await main(process.argv.slice(2))
process.exitCode = code
// Output to pipes and files is written synchronously on Linux; a short grace covers a terminal.
setTimeout(() => process.exit(code), 100).unref()
