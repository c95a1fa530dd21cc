// Escaping for everything the report prints. Histories carry strings the
// executor wrote (messages, error names, envelope fields): none of it may
// become markup. One function serves HTML text, attribute values and SVG text.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe for HTML/SVG text nodes and for quoted attribute values.
 * Control characters (other than tab and newlines) become U+FFFD: they are not
 * allowed in XML, and the SVGs should stay valid if someone saves one alone.
 */
export function esc(value: unknown): string {
  return String(value)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}
