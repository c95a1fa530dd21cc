// Markdown for GitHub summaries and PR
// comments: executor text cannot open a
// tag, cell or link, nor hide a control
// character (shown as term() shows it); a
// size budget is met by leaving out whole
// blocks, never half.
import { term, terminalText } from './escape/terminal.ts'

/** GitHub's limit for a step's summary. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024

/** Paragraph or cell text: no markup, one line. */
export function md(value: string | number): string {
  return term(String(value).replace(/[\r\n]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~])/g, '\\$1')
}

/** Inline code. */
export function code(value: string): string {
  const s = term(value.replace(/[\r\n]+/g, ' '))
  const longest = Math.max(0, ...[...s.matchAll(/`+/g)].map((m) => m[0].length))
  const tick = '`'.repeat(longest + 1)
  return s.includes('`') ? `${tick} ${s} ${tick}` : `${tick}${s}${tick}`
}

/** A fenced code block that nothing inside can close early. */
export function fenced(raw: string, lang = ''): string {
  const content = terminalText(raw)
  const longest = Math.max(0, ...[...content.matchAll(/`{3,}/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${lang}\n${content.replace(/\n+$/, '')}\n${fence}`
}

/**
 * Text inside HTML (a <summary>): GitHub
 * renders no Markdown there.
 */
export function html(value: string): string {
  return term(value.replace(/[\r\n]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** Folded: plain-text summary, Markdown body. */
export function details(summary: string, body: string): string {
  return `<details><summary>${html(summary)}</summary>\n\n${body}\n\n</details>`
}

export function mdTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n')
}

/**
 * A cell: a pipe not yet escaped (an even
 * run of backslashes before it), as in a
 * code span, gets its backslash; GFM splits
 * cells before it reads code spans.
 */
function cell(text: string): string {
  return text.replace(/(\\*)\|/g, (m, slashes: string) => (slashes.length % 2 ? m : `${slashes}\\|`))
}

export function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8')
}

/** A block, and a shorter form if it won't fit. */
export interface Block {
  readonly full: string
  readonly compact?: string
}

/**
 * The blocks, each whole, within `maxBytes`:
 * one that does not fit goes compact, or out
 * with all after it; a note says how many.
 */
export function fitBlocks(blocks: readonly Block[], maxBytes: number, rest: string): string {
  const out: string[] = []
  let used = 0
  const noteRoom = bytes(rest) + 200
  let compacted = 0
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!
    const room = maxBytes - used - noteRoom
    const pick =
      bytes(b.full) + 2 <= room ? b.full : b.compact !== undefined && bytes(b.compact) + 2 <= room ? b.compact : null
    if (pick === null) {
      const left = blocks.length - i
      out.push(
        `> **Truncated:** ${left} more block(s)${compacted ? ` (and ${compacted} shortened)` : ''} left out to stay under ${Math.floor(maxBytes / 1024)} KiB (GitHub's step-summary limit is 1 MiB). ${rest}`,
      )
      return `${out.join('\n\n')}\n`
    }
    if (pick !== b.full) compacted++
    out.push(pick)
    used += bytes(pick) + 2
  }
  if (compacted)
    out.push(
      `> **Shortened:** ${compacted} block(s) given in short (a counterexample without its scenario and history, a table left out), to stay under ${Math.floor(maxBytes / 1024)} KiB. ${rest}`,
    )
  return `${out.join('\n\n')}\n`
}
