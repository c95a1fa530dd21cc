// Entry point: `npm run faultline -- <command>`, or `faultline` when installed.
import { main } from './main.ts'

process.exitCode = await main(process.argv.slice(2))
