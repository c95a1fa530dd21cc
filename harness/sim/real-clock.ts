// Real time for the harness's own measurements, captured
// before any run makes `performance.now` virtual.
const realPerformanceNow = performance.now.bind(performance)

/** Real monotonic milliseconds. */
export function realNow(): number {
  return realPerformanceNow()
}
