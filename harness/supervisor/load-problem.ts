// Why an executor module did not load, in one
// line: where a syntax error is, how to
// install a package.
import { oneLine } from '../contract/one-line.ts'
import { attempt } from '../contract/safe-read.ts'
import { installCommand, peerRange } from '../contract/peer-range.ts'
import { missingPackage, missingPackageProblem, packageOf } from './missing-package.ts'

/** `e`, thrown by a module's import, in one line. */
export function loadProblem(e: unknown): string {
  // A thrown Proxy's traps may throw: one line then.
  return attempt(() => withKeyHint(readLoadProblem(e)), oneLine(e))
}

/**
 * An export a peer lacks: another major
 * version than faultline's (ai 6's test
 * models for ai 7's), said with the fix.
 */
function peerOutOfRange(e: unknown): string | null {
  const text = e instanceof Error ? e.message : ''
  const found = /^The requested module '([^']+)' does not provide an export named '([^']+)'/.exec(text)
  const name = found && packageOf(found[1]!)
  const range = name && peerRange(name)
  if (!range) return null
  return `${text.split('\n')[0]} (faultline works with ${name} ${range}: ${installCommand(name)})`
}

/** An SDK refusing to be built without a key. */
const NO_KEY = /\b(?:api[ _-]?key|access[ _-]?token|secret[ _-]?key|credentials?)\b/i
/** Variables a message names (OPENAI_API_KEY). */
const NAMED = /\b[A-Z][A-Z0-9]*_(?:API_KEY|KEY|TOKEN|SECRET)\b/
/** Those an SDK reads without naming them. */
const READ_BY: readonly [RegExp, string][] = [[/new Resend\(/, 'RESEND_API_KEY=re_test_faultline']]

/**
 * CI without the secret fails at load; no key
 * is needed, as nothing is sent: say so.
 */
function withKeyHint(problem: string): string {
  if (!NO_KEY.test(problem)) return problem
  const named = NAMED.exec(problem)?.[0]
  const example = named ? `${named}=placeholder` : READ_BY.find(([re]) => re.test(problem))?.[1]
  const how = example ? `e.g. ${example} faultline gate …` : 'the variable it reads'
  return `${problem} (no real key is needed: faultline answers every request itself; set a placeholder, ${how}, or default the key in code)`
}
function readLoadProblem(e: unknown): string {
  const missing = missingPackage(e)
  if (missing) return missingPackageProblem(missing)
  const older = peerOutOfRange(e)
  if (older) return older
  const located = (
    e as { errors?: { text?: string; location?: { file?: string; line?: number; column?: number } | null }[] } | null
  )?.errors?.[0]
  if (located?.location)
    return `syntax error at ${located.location.file}:${located.location.line}:${located.location.column}: ${located.text}`
  const text = e instanceof Error ? e.message : ''
  const line = text.split('\n').find((l) => /:\d+:\d+: ERROR: /.test(l))
  if (line) return `syntax error at ${line.replace(': ERROR:', ':')}`
  // Another class's name is news (TypeError, …).
  return e instanceof Error && e.name === 'Error' ? (e.message.split('\n')[0] ?? '') : oneLine(e)
}
