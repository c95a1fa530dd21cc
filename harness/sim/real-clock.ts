// Real time for the harness's measurements,
// captured before a run fakes performance.now.
const realPerformanceNow = performance.now.bind(performance)

/** Real monotonic milliseconds. */
export function realNow(): number {
  return realPerformanceNow()
}
