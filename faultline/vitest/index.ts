// faultline/vitest: gate an executor from a test suite
// (any runner that reports a thrown AssertionError).
export { expectNoViolations, GateFailedError, type ExpectNoViolationsOptions } from './expect-no-violations.ts'
