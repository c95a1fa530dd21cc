// Why an executor module did not load, in one
// line: where a syntax error is, how to
// install a package.
import { oneLine } from '../contract/one-line.ts'
import { attempt } from '../contract/safe-read.ts'
import { missingPackage, missingPackageProblem } from './missing-package.ts'

/** `e`, thrown by a module's import, in one line. */
export function loadProblem(e: unknown): string {
  // A thrown Proxy's traps may throw: one line then.
  return attempt(() => readLoadProblem(e), oneLine(e))
}
function readLoadProblem(e: unknown): string {
  const missing = missingPackage(e)
  if (missing) return missingPackageProblem(missing)
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
