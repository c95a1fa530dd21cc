// Escaping for all the report prints: what
// an executor wrote must never become
// markup. One function for HTML and SVG.

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/**
 * Text safe for HTML/SVG text and quoted
 * attributes. Control characters (C0, DEL,
 * C1) become U+FFFD: XML forbids or shuns
 * them, and a saved SVG should stay valid.
 * CR becomes LF, as a parser reads it.
 * A `:` opening a line and `##[` become
 * references: the page reads the same, and
 * no line of its source is a CI command
 * (reports/escape/workflow-command.ts).
 */
export function esc(value: unknown): string {
  return String(value)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
    .replace(/(\n\s*):/g, '$1&#58;')
    .replace(/##\[/g, '##&#91;')
}
