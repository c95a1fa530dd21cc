// Stripe's form encoding, with bracketed nesting
// (`metadata[order_id]=…`): one level is enough.

export type FormValue = string | { readonly [key: string]: string }

export function parseStripeForm(text: string): Record<string, FormValue> {
  const out: Record<string, FormValue> = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey)
    if (m) {
      const [, outer, inner] = m as unknown as [string, string, string]
      const existing = out[outer]
      const nested = typeof existing === 'object' ? { ...existing } : {}
      nested[inner] = value
      out[outer] = nested
    } else {
      out[rawKey] = value
    }
  }
  return out
}

/** A form's fingerprint, whatever its key order. */
export function fingerprint(form: Record<string, FormValue>): string {
  const canon = (v: FormValue): unknown =>
    typeof v === 'string' ? v : Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return JSON.stringify(
    Object.keys(form)
      .sort()
      .map((k) => [k, canon(form[k] as FormValue)]),
  )
}
