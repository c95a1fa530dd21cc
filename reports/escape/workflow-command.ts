// GitHub Actions workflow commands: data
// and properties escaped as actions/toolkit
// does (core/src/command.ts escapeData,
// escapeProperty), and lines of a report
// no runner reads as a command (the rules:
// harness/supervisor/command-safe-output.ts).
import { LINE_COLON, OLD_COMMAND } from '../../harness/supervisor/command-safe-output.ts'

export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

/**
 * Text whose lines are inert: a `::` that
 * opens a line (after blanks) and `##[`
 * anywhere get a backslash. faultline's
 * own report text has neither.
 */
export function inertLines(text: string): string {
  return text
    .replace(LINE_COLON, (m, start: string, blanks: string, at: number) =>
      text.startsWith('::', at + m.length - 1) ? `${start}${blanks}\\:` : m,
    )
    .replace(OLD_COMMAND, '##$1\\[')
}

/**
 * JSON text no runner reads a command in:
 * `#` occurs only inside its strings, where
 * `[` may be `\u005b`; the data is the same.
 * (A line never opens with `::` in JSON.)
 */
export function inertJson(json: string): string {
  return json.replace(OLD_COMMAND, (m) => `${m.slice(0, -1)}\\u005b`)
}
