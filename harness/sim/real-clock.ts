// The harness's own real clock, for its own measurements (how long a run took,
// how long shrinking took). Captured when this module loads, before any run
// makes `performance.now` virtual, so it always reads real time.
const realPerformanceNow = performance.now.bind(performance)

/** Real milliseconds, monotonic (what `performance.now()` reads outside a run). */
export function realNow(): number {
  return realPerformanceNow()
}
