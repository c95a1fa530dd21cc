// Every source file lives in a room the rules know:
// a new top-level folder, engine room or file loose
// in harness/ must be given rules first.
import { allowedFrom, ROOT_ROOM, SOURCE_FILE, TOP_LEVEL } from './rules.ts'
import { roomOf } from './rooms.ts'
import type { SourceFile } from './source-tree.ts'
import type { Violation } from './violation.ts'

export function checkRooms(files: readonly SourceFile[]): Violation[] {
  const found = new Map<string, Violation>()
  for (const file of files) {
    const room = roomOf(file.path)
    if (!SOURCE_FILE.test(file.path) || room === ROOT_ROOM || found.has(room)) continue
    const top = file.path.split('/')[0]!
    if (!(TOP_LEVEL as readonly string[]).includes(top))
      found.set(room, {
        rule: 'room',
        at: file.path,
        message: `'${top}/' is a top-level folder the rules do not know; add it to TOP_LEVEL with its rules`,
      })
    else if (allowedFrom(room) === undefined)
      found.set(room, {
        rule: 'room',
        at: file.path,
        message: `'${room}' is a room the rules do not know; give it a place in rules.ts`,
      })
  }
  return [...found.values()]
}
