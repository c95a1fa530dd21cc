// What a command writes beside its output: --junit,
// --markdown, --html, the step summary, and annotations
// (on stderr with --json: the Actions runner reads both,
// actions/runner ScriptHandler.cs). A file that cannot
// be written is a line on stderr, never a throw: the
// verdict is printed and keeps its exit code.
import { closeSync, constants, fstatSync, openSync, writeSync } from 'node:fs'
import { resolve } from 'node:path'
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
import { writeOutput } from './output-file.ts'

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

/** The options whose file could not be written. */
export type Unwritten = readonly string[]

export function writeReportOutputs(report: Report, values: OutputValues, io: Io, ci: CiOptions): Unwritten {
  return write(values, io, ci, {
    junit: () => renderJunit(report),
    markdown: (maxBytes) => renderMarkdown(report, maxBytes === undefined ? {} : { maxBytes }),
    html: () => renderHtml(report),
    annotations: () => annotationsOf(report),
  })
}

export function writeAuditOutputs(result: AuditResult, values: OutputValues, io: Io, ci: CiOptions): Unwritten {
  return write(values, io, ci, {
    junit: () => renderAuditJunit(result),
    markdown: (maxBytes) => renderAuditMarkdown(result, undefined, maxBytes === undefined ? {} : { maxBytes }),
    html: () => renderAuditHtml(result),
    annotations: () => auditAnnotations(result),
  })
}

function write(values: OutputValues, io: Io, ci: CiOptions, r: Renderers): Unwritten {
  const unwritten: string[] = []
  const to = (option: string, file: string | undefined, render: () => string) => {
    if (file !== undefined && !writeOutput(option, file, render(), io)) unwritten.push(option)
  }
  to('--junit', values.junit, r.junit)
  to('--markdown', values.markdown, () => r.markdown())
  to('--html', values.html, r.html)
  const env = io.env ?? process.env
  const summary = env.GITHUB_STEP_SUMMARY
  if (ci.stepSummary && summary) appendStepSummary(summary, r, io)
  if (ci.annotate && env.GITHUB_ACTIONS === 'true')
    for (const line of workflowCommands(r.annotations())) (ci.json ? io.err : io.out)(line)
  return unwritten
}

/**
 * Append within what is left of the step's 1 MiB;
 * opened without blocking and checked to be a file
 * (a FIFO there would hang the command at its end).
 */
function appendStepSummary(file: string, r: Renderers, io: Io): void {
  const path = resolve(io.cwd, file)
  const cannot = (why: string) => io.err(`faultline: cannot append to $GITHUB_STEP_SUMMARY ${file}: ${why}`)
  let fd: number
  try {
    // a missing one is written anew (the runner creates it)
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0),
      0o666,
    )
  } catch (e) {
    cannot((e as Error).message.split('\n')[0] ?? '')
    return
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) {
      cannot('it is not a regular file')
      return
    }
    const used = stat.size
    const budget = Math.min(MARKDOWN_BUDGET, STEP_SUMMARY_LIMIT - used - 1024)
    if (budget < 4096) {
      io.err(
        `faultline: $GITHUB_STEP_SUMMARY already holds ${used} bytes of its 1 MiB: nothing appended (use --markdown FILE)`,
      )
      return
    }
    writeAll(fd, `${used > 0 ? '\n' : ''}${r.markdown(budget)}`)
  } catch (e) {
    cannot((e as Error).message.split('\n')[0] ?? '')
  } finally {
    closeSync(fd)
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text)
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at)
}
