// Durations for people: "20 ms",
// "10.02 s", "25 h 270 ms".

/** Exact, largest units: 90000270 → "25 h 270 ms". */
export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms)
  if (ms < 0) return `−${duration(-ms)}`
  if (ms < 1000) return `${round(ms)} ms`
  if (ms < 60_000) return `${round(ms / 1000, 2)} s`
  const parts: string[] = []
  let rest = Math.round(ms)
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['min', 60_000],
    ['s', 1000],
  ] as const) {
    // Days only past 48 h: "25 h" reads better than "1 d 1 h".
    if (unit === 'd' && rest < 2 * 86_400_000) continue
    const n = Math.floor(rest / size)
    if (n > 0) parts.push(`${n} ${unit}`)
    rest -= n * size
  }
  if (rest > 0) parts.push(`${rest} ms`)
  return parts.join(' ')
}

/** Short, for axes and cells: "1.5 s", "25 h". */
export function shortDuration(ms: number): string {
  if (ms < 1000) return `${round(ms)} ms`
  if (ms < 60_000) return `${round(ms / 1000, 1)} s`
  if (ms < 3_600_000) return `${round(ms / 60_000, 1)} min`
  if (ms < 2 * 86_400_000) return `${round(ms / 3_600_000, 1)} h`
  return `${round(ms / 86_400_000, 1)} d`
}

function round(v: number, digits = 0): string {
  return String(Number(v.toFixed(digits)))
}
