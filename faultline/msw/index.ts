// faultline/msw: the mock services as msw
// handlers for a team's own setupServer.
// docs/api.md documents it (test/api.test.ts
// keeps the two in step).
export { faultlineServices, type FaultlineServices, type FaultlineServicesOptions } from './services.ts'
export type { ServedService, ArmedFault } from './served-service.ts'
export type { MswFault } from './msw-fault.ts'
export type { LedgerEntry } from '../../mock-services/ledger.ts'
