// What a command writes beside its output: --junit,
// --markdown, --html, the step summary, and annotations
// (on stderr with --json: the Actions runner reads both,
// actions/runner ScriptHandler.cs).
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { annotationsOf, auditAnnotations, workflowCommands } from '../../reports/annotations.ts'
import type { AuditResult } from '../../harness/audit/result.ts'
import { renderAuditJunit } from '../../reports/audit-junit.ts'
import { renderAuditMarkdown } from '../../reports/audit-markdown.ts'
import { renderAuditHtml } from '../../reports/html/audit.ts'
import { renderHtml } from '../../reports/html/of-any-report.ts'
import { renderJunit } from '../../reports/junit.ts'
import { MARKDOWN_BUDGET, renderMarkdown } from '../../reports/markdown.ts'
import { STEP_SUMMARY_LIMIT } from '../../reports/markdown-kit.ts'
import type { Report } from '../../harness/campaign/report-schema.ts'
import type { Io } from './io.ts'
import { UsageError } from '../../harness/jobs/usage-error.ts'

export const REPORT_OUTPUTS = {
  junit: { type: 'string' },
  markdown: { type: 'string' },
  html: { type: 'string' },
} as const

export interface OutputValues {
  readonly junit?: string | undefined
  readonly markdown?: string | undefined
  readonly html?: string | undefined
}

export interface CiOptions {
  /** Append the Markdown to $GITHUB_STEP_SUMMARY when it is set. */
  readonly stepSummary: boolean
  /** Print annotations when GITHUB_ACTIONS=true. */
  readonly annotate: boolean
  /** stdout holds JSON: annotations go to stderr. */
  readonly json: boolean
}

/** The renderers of one kind of result. */
interface Renderers {
  junit(): string
  markdown(maxBytes?: number): string
  html(): string
  annotations(): readonly { title: string; message: string }[]
}

export function writeReportOutputs(report: Report, values: OutputValues, io: Io, ci: CiOptions): void {
  write(values, io, ci, {
    junit: () => renderJunit(report),
    markdown: (maxBytes) => renderMarkdown(report, maxBytes === undefined ? {} : { maxBytes }),
    html: () => renderHtml(report),
    annotations: () => annotationsOf(report),
  })
}

export function writeAuditOutputs(result: AuditResult, values: OutputValues, io: Io, ci: CiOptions): void {
  write(values, io, ci, {
    junit: () => renderAuditJunit(result),
    markdown: (maxBytes) => renderAuditMarkdown(result, undefined, maxBytes === undefined ? {} : { maxBytes }),
    html: () => renderAuditHtml(result),
    annotations: () => auditAnnotations(result),
  })
}

function write(values: OutputValues, io: Io, ci: CiOptions, r: Renderers): void {
  if (values.junit !== undefined) writeTo('--junit', values.junit, r.junit(), io.cwd)
  if (values.markdown !== undefined) writeTo('--markdown', values.markdown, r.markdown(), io.cwd)
  if (values.html !== undefined) writeTo('--html', values.html, r.html(), io.cwd)
  const env = io.env ?? process.env
  const summary = env.GITHUB_STEP_SUMMARY
  if (ci.stepSummary && summary) appendStepSummary(summary, r, io)
  if (ci.annotate && env.GITHUB_ACTIONS === 'true')
    for (const line of workflowCommands(r.annotations())) (ci.json ? io.err : io.out)(line)
}

/** Append within what is left of the step's 1 MiB. */
function appendStepSummary(file: string, r: Renderers, io: Io): void {
  const path = resolve(io.cwd, file)
  let used = 0
  try {
    used = statSync(path).size
  } catch {
    // not there yet: the runner creates it, but a missing one is written anew
  }
  const budget = Math.min(MARKDOWN_BUDGET, STEP_SUMMARY_LIMIT - used - 1024)
  if (budget < 4096) {
    io.err(
      `faultline: $GITHUB_STEP_SUMMARY already holds ${used} bytes of its 1 MiB: nothing appended (use --markdown FILE)`,
    )
    return
  }
  try {
    appendFileSync(path, `${used > 0 ? '\n' : ''}${r.markdown(budget)}`)
  } catch (e) {
    io.err(`faultline: cannot append to $GITHUB_STEP_SUMMARY ${file}: ${(e as Error).message.split('\n')[0]}`)
  }
}

function writeTo(option: string, file: string, text: string, cwd: string): void {
  if (file === '')
    throw new UsageError(
      `${option} needs a file name, e.g. ${option} reports/out/faultline${option === '--junit' ? '.xml' : option === '--markdown' ? '.md' : '.html'}`,
    )
  const abs = resolve(cwd, file)
  try {
    mkdirSync(dirname(abs), { recursive: true })
    writeFileSync(abs, text)
  } catch (e) {
    throw new UsageError(`cannot write ${option} ${file}: ${(e as Error).message.split('\n')[0]}`)
  }
}
