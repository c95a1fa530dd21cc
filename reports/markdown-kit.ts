// Markdown for GitHub (job summaries, PR comments): text escaped so that what
// an executor wrote cannot open a tag, a table cell or a link; code fenced
// with a fence longer than any run of backticks inside; folding with
// <details>; and a size budget met by leaving out whole blocks, never by
// cutting one in the middle.

/** GitHub's limit for one step's summary ($GITHUB_STEP_SUMMARY): 1 MiB. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024

/** Text in a paragraph or a table cell: no HTML, no emphasis, no cell break, one line. */
export function md(value: string | number): string {
  return String(value)
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~])/g, '\\$1')
}

/** Inline code. */
export function code(value: string): string {
  const s = value.replace(/[\r\n]+/g, ' ')
  const longest = Math.max(0, ...[...s.matchAll(/`+/g)].map((m) => m[0].length))
  const tick = '`'.repeat(longest + 1)
  return s.includes('`') ? `${tick} ${s} ${tick}` : `${tick}${s}${tick}`
}

/** A fenced code block that nothing inside can close early. */
export function fenced(content: string, lang = ''): string {
  const longest = Math.max(0, ...[...content.matchAll(/`{3,}/g)].map((m) => m[0].length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}${lang}\n${content.replace(/\n+$/, '')}\n${fence}`
}

/** Text inside HTML (a <summary>): GitHub renders no Markdown there, so only the HTML characters are escaped. */
export function html(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A folded block: the summary is plain text (escaped); the body is Markdown. */
export function details(summary: string, body: string): string {
  return `<details><summary>${html(summary)}</summary>\n\n${body}\n\n</details>`
}

export function mdTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')
}

export function bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8')
}

/** A block of the document: its full form, and a shorter one to use when the full one would not fit. */
export interface Block {
  readonly full: string
  readonly compact?: string
}

/**
 * The blocks in order, each whole, within `maxBytes`: a block that does not
 * fit is given in its compact form, or left out with every block after it,
 * and a last line says how many were left out and where the rest is.
 */
export function fitBlocks(blocks: readonly Block[], maxBytes: number, rest: string): string {
  const out: string[] = []
  let used = 0
  const noteRoom = bytes(rest) + 200
  let compacted = 0
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!
    const room = maxBytes - used - noteRoom
    const pick = bytes(b.full) + 2 <= room ? b.full : b.compact !== undefined && bytes(b.compact) + 2 <= room ? b.compact : null
    if (pick === null) {
      const left = blocks.length - i
      out.push(`> **Truncated:** ${left} more block(s)${compacted ? ` (and ${compacted} shortened)` : ''} left out to stay under ${Math.floor(maxBytes / 1024)} KiB (GitHub's step-summary limit is 1 MiB). ${rest}`)
      return out.join('\n\n') + '\n'
    }
    if (pick !== b.full) compacted++
    out.push(pick)
    used += bytes(pick) + 2
  }
  if (compacted) out.push(`> **Shortened:** ${compacted} block(s) given in short (a counterexample without its scenario and history, a table left out), to stay under ${Math.floor(maxBytes / 1024)} KiB. ${rest}`)
  return out.join('\n\n') + '\n'
}
