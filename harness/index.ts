// faultline's public API: this list and nothing else.

// The executor plug-in contract
export type { Executor, BootContext, ExecutorProcess } from './contract/executor.ts'
export type { ToolCall } from './contract/tool-call.ts'
export type { Envelope, OutcomeStatus } from './contract/envelope.ts'
export type { DurableStorage } from './contract/storage.ts'
export type { ToolSpec } from './contract/tools.ts'
export { TOOLS, ISSUE_REFUND } from './contract/tools.ts'
export { checkEnvelope, isExecutor } from './contract/validate.ts'
export { noopExecutor } from './contract/noop-executor.ts'
export type { ExceptionMapping, MappingClass, Observed, ObservedRequest, ClientName } from './contract/mapping.ts'
export { MAPPING_CLASSES, CLIENT_NAMES } from './contract/mapping.ts'

// Scenarios and faults (plain data)
export type { Scenario, PlanStep, ModelBehaviour } from './scenario/scenario.ts'
export { parseScenario } from './scenario/scenario.ts'
export type { Fault } from './faults/catalogue.ts'
export type { Boundary } from './faults/fault.ts'
export { FAULT_KINDS } from './faults/catalogue.ts'
export { scenarioArbitrary, requestFaultArbitrary, executorCrashArbitrary } from '../scenarios/arbitraries.ts'

// Running, judging, searching
export type { History, HistoryEvent, CallId } from './history/history.ts'
export { runScenario, type RunResult } from './run/runner.ts'
export { judge, JUDGES, type Verdict } from './judge/verdict.ts'
export type { Violation, JudgeName } from './judge/finding.ts'
export { search, shrink, type SearchOptions, type SearchResult, type Counterexample } from './campaign/search.ts'
export { compare, passK, type CompareOptions, type LeaderboardRow, type PassK } from './campaign/compare.ts'
export type { CampaignSummary } from './campaign/campaign.ts'

// Auditing an exception mapping (`faultline audit-mapping`)
export { auditMapping, type AuditOptions } from './audit/audit.ts'
export { AUDIT_RESULT_SCHEMA, AUDIT_FORMAT, AUDIT_VERSION, type AuditResult } from './audit/result.ts'

// The mock services, for pointing real SDKs at them outside a run
export { mountServices, type Mounted } from './sim/mount.ts'
export { PaymentsService } from '../mock-services/payments/payments.ts'
export { EmailService, type EmailMode } from '../mock-services/email/email.ts'
export { serveLoopback, type LoopbackServer } from '../mock-services/server/loopback.ts'
export { DEADLINE_HEADER } from '../mock-services/deadline.ts'
