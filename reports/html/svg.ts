// Helpers for hand-written SVG: every
// attribute and text goes through esc().
import { esc } from './escape.ts'

export type Attrs = Readonly<Record<string, string | number | null | undefined | false>>

/**
 * `<name attrs>children</name>`; null,
 * undefined and false attributes left out.
 */
export function el(name: string, attrs: Attrs, ...children: readonly string[]): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== false)
    .map(([k, v]) => ` ${k}="${esc(typeof v === 'number' ? num(v) : v)}"`)
    .join('')
  return children.length ? `<${name}${a}>${children.join('')}</${name}>` : `<${name}${a}/>`
}

/** A text element: the string is escaped. */
export function text(attrs: Attrs, content: string): string {
  return el('text', attrs, esc(content))
}

/** A tooltip: the first child of the element it explains. */
export function title(content: string): string {
  return `<title>${esc(content)}</title>`
}

/** Numbers in coordinates: at most one decimal. */
export function num(v: number): string {
  return String(Math.round(v * 10) / 10)
}

/** Monospace: about 0.6 em a character. */
export const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace"

/**
 * Width of `s` at `size` px; wide
 * characters (emoji) count double.
 */
export function textWidth(s: string, size: number): number {
  let n = 0
  for (const ch of s) n += (ch.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1
  return n * size * 0.6
}

/** `s` cut to fit `width` px, with an ellipsis when cut. */
export function fit(s: string, width: number, size: number): string {
  if (textWidth(s, size) <= width) return s
  let out = ''
  for (const ch of s) {
    if (textWidth(`${out}${ch}…`, size) > width) break
    out += ch
  }
  return `${out}…`
}

/**
 * `s` wrapped to `width` px at spaces; at
 * most `maxLines`, the last one cut.
 */
export function wrap(s: string, width: number, size: number, maxLines = 8): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (textWidth(candidate, size) <= width) line = candidate
    else {
      if (line) lines.push(line)
      line = word
      // A word longer than the line is cut where it must be.
      while (textWidth(line, size) > width) {
        // At least one character a line.
        const head = fit(line, width, size).slice(0, -1) || Array.from(line)[0]!
        lines.push(head)
        line = line.slice(head.length)
      }
    }
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = fit(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`, width, size)
    return kept
  }
  return lines
}
