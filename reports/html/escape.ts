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
 * attributes. Control characters become
 * U+FFFD: XML forbids them, and a saved SVG
 * should stay valid.
 */
export function esc(value: unknown): string {
  return String(value)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}
