// Escaping for XML 1.0 (the JUnit renderer's output). Markup characters become
// entities; characters XML 1.0 cannot carry at all — C0 controls other than
// tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF — are
// illegal even as character references (XML 1.0 §2.2, production [2] Char),
// so they are written as visible text instead (\u0001), never dropped silently.

/** Characters outside XML 1.0's Char production. */
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function visible(s: string): string {
  return s.replace(NOT_XML_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Text content of an element. (`>` too: `]]>` must not appear in text; CR as a reference: a parser turns a raw CR LF into LF.) */
export function xmlText(value: string): string {
  return visible(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;')
}

/** An attribute value, for double quotes; tabs and line breaks as references, which attribute-value normalisation would otherwise turn into spaces. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;')
}

/** `<name a="…" …>` attributes, skipping absent ones. */
export function attrs(values: Readonly<Record<string, string | number | null | undefined>>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`)
    .join('')
}
