// faultline/vitest: gate an executor from a test suite (vitest, or any runner
// that reports a thrown AssertionError). Documented in docs/api.md, in the
// section on this entry point (test/api.test.ts keeps the two in step).
export { expectNoViolations, GateFailedError, type ExpectNoViolationsOptions } from './expect-no-violations.ts'
