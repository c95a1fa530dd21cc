// Files stay small: past SIZE.soft lines the
// opening comment must say why (LONG_REASON);
// past SIZE.hard nothing excuses it.
import ts from 'typescript'
import { LONG_REASON, SIZE, SIZED } from './rules.ts'
import { roomOf } from './rooms.ts'
import type { SourceFile } from './source-tree.ts'
import type { Violation } from './violation.ts'

export function checkSize(files: readonly SourceFile[]): Violation[] {
  const found: Violation[] = []
  for (const file of files) {
    if (!SIZED.includes(roomOf(file.path))) continue
    const lines = file.text.split('\n').length
    if (lines > SIZE.hard)
      found.push({ rule: 'size', at: file.path, message: `${lines} lines, past the cap of ${SIZE.hard}: split it` })
    else if (lines > SIZE.soft && !LONG_REASON.test(openingComment(file)))
      found.push({
        rule: 'size',
        at: file.path,
        message: `${lines} lines, past ${SIZE.soft}, and the comment that opens it does not say why ("Longer than most because …")`,
      })
  }
  return found
}

/** The text before the first statement. */
export function openingComment(file: SourceFile): string {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true)
  const first = source.statements[0]
  return first ? file.text.slice(0, first.getStart(source)) : file.text
}
