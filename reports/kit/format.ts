// Small formatting helpers shared by the renderers.

export function pct(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`
}

export function ms(v: number | null): string {
  return v === null ? '—' : `${Math.round(v)}`
}

/** A plain-text table: columns padded to their widest cell. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (c ?? '').padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n')
}
