// A text report as it is printed: safe on
// a terminal (terminal.ts) and inert to a
// CI runner (workflow-command.ts).
import { terminalText } from './terminal.ts'
import { inertLines } from './workflow-command.ts'

export function consoleText(text: string): string {
  return inertLines(terminalText(text))
}
