// XML 1.0 escaping for the JUnit output.
// Characters XML cannot carry even as
// references (§2.2, production [2] Char)
// are written visibly (\u0001), not dropped;
// so are DEL and C1, which §2.2 discourages
// and a terminal showing a message obeys.

/** Outside XML 1.0's Char production, or discouraged controls. */
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

function visible(s: string): string {
  return s.replace(NOT_XML_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * Element text. `>` too: `]]>` is illegal
 * in text. CR as a reference, or a parser
 * turns CR LF into LF. A `:` opening a line
 * and `##[` as references: the same text,
 * and no source line is a CI command.
 */
export function xmlText(value: string): string {
  return visible(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;')
    .replace(/(\n\s*):/g, '$1&#58;')
    .replace(/##\[/g, '##&#91;')
}

/**
 * A double-quoted attribute value; tabs and
 * newlines as references, or normalisation
 * turns them into spaces.
 */
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
