// npm start: `faultline compare` over the bundled
// executors (arguments passed on), drawn as HTML in
// reports/out/. Exit code: the comparison's.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseReport } from '../harness/campaign/merge.ts'
import { main } from '../faultline/cli/main.ts'
import { processIo } from '../faultline/cli/io.ts'
import { htmlReportFrom } from '../reports/html/from-report.ts'
import { renderHtmlReport } from '../reports/html/report.ts'
import { keepGarbageYoung } from '../harness/supervisor/young-garbage.ts'

// A process of ours: its GC tuned before any draw.
keepGarbageYoung()

const args = process.argv.slice(2)
const cwd = process.cwd()
const given = args.indexOf('--out')
const json = resolve(cwd, given >= 0 && args[given + 1] ? args[given + 1]! : 'reports/out/compare.json')
const html = join(dirname(json), 'compare.html')
mkdirSync(dirname(json), { recursive: true })
// Drop an earlier file: --help must draw nothing.
rmSync(json, { force: true })
const code = await main(['compare', ...args, ...(given >= 0 ? [] : ['--out', json])], processIo)
if ((code === 0 || code === 1) && existsSync(json)) {
  const report = parseReport(JSON.parse(readFileSync(json, 'utf8')), relative(cwd, json))
  if (report.command === 'compare') {
    writeFileSync(html, renderHtmlReport(htmlReportFrom(report)))
    process.stderr.write(
      `faultline: HTML report: ${relative(cwd, html)} (one file, no network: open it in a browser)\n`,
    )
  }
}
process.exitCode = code
