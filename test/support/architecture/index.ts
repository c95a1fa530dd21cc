// The architecture checker: the rules (rules.ts)
// applied to source files, on disk or in memory.
// Each check-*.ts is one rule.
import { checkCycles } from './check-cycles.ts'
import { checkFlow } from './check-flow.ts'
import { checkRooms } from './check-rooms.ts'
import { checkSize } from './check-size.ts'
import type { SourceFile } from './source-tree.ts'
import type { Violation } from './violation.ts'

export { readTree, type SourceFile } from './source-tree.ts'
export { show, type Violation } from './violation.ts'
export { checkCycles, checkFlow, checkRooms, checkSize }

export function checkArchitecture(files: readonly SourceFile[]): Violation[] {
  return [...checkRooms(files), ...checkFlow(files), ...checkCycles(files), ...checkSize(files)]
}
