// faultline's public API: this list and nothing else. Every
// name is documented in docs/api.md (test/api.test.ts checks).

// The jobs: one options object in, the versioned report out
export { gate, compare, merge, replay, auditMapping } from './jobs.ts'
export { assertGate, assertAuditMapping, GateFailedError, MappingAuditFailedError } from './assert.ts'
export type { GateOptions, CampaignOptions } from '../harness/jobs/gate.ts'
export type { CompareOptions } from '../harness/jobs/compare.ts'
export type { MergeOptions } from '../harness/jobs/merge.ts'
export type { ReplayOptions } from '../harness/jobs/replay.ts'
export type { AuditMappingOptions, AuditPart } from '../harness/jobs/audit-mapping.ts'
export type { SupervisionOptions } from '../harness/jobs/inputs.ts'
export type { JobProgress } from '../harness/jobs/progress.ts'
export { UsageError } from '../harness/jobs/usage-error.ts'
export { render, type RenderFormat } from '../reports/render.ts'

// The executor plug-in contract
export type {
  Executor,
  BootContext,
  ExecutorProcess,
  ExecutorDeclaration,
  IdentityPolicy,
  ToolContract,
} from '../harness/contract/executor.ts'
export { IDENTITY_POLICIES } from '../harness/contract/executor.ts'
export type { Vendors, PaymentsVendor, EmailVendor, VendorName } from '../harness/contract/vendors.ts'
export { PAYMENTS_VENDORS, EMAIL_VENDORS, DEFAULT_VENDORS } from '../harness/contract/vendors.ts'
// What every framework adapter shares (faultline/adapters/*)
export type { AdapterOptions } from '../adapters/core/tool-executor.ts'
export type { Binding, ToolBinding, ArgSource } from '../adapters/core/binding.ts'
export type { Classifier, ToolObservation } from '../adapters/core/classifier.ts'
export type { Operation } from '../adapters/core/operation.ts'
export type { ToolCall } from '../harness/contract/tool-call.ts'
export type { Envelope, OutcomeStatus } from '../harness/contract/envelope.ts'
export type { DurableStorage } from '../harness/contract/storage.ts'
export type { ToolSpec } from '../harness/contract/tools.ts'
export { TOOLS } from '../harness/contract/tools.ts'
export { checkEnvelope, isExecutor } from '../harness/contract/validate.ts'
export type {
  ExceptionMapping,
  MappingClass,
  Observed,
  ObservedRequest,
  ClientName,
} from '../harness/contract/mapping.ts'
export { MAPPING_CLASSES, CLIENT_NAMES } from '../harness/contract/mapping.ts'
export type { Boundary, BuiltinJudgeName, JudgeName } from '../harness/contract/names.ts'
export { BOUNDARIES, JUDGE_NAMES } from '../harness/contract/names.ts'

// Scenarios and faults (plain data)
export type { Scenario, PlanStep, ModelBehaviour } from '../harness/scenario/scenario.ts'
export { parseScenario } from '../harness/scenario/scenario.ts'
export type { ScenarioGenerator } from '../harness/scenario/generator.ts'
export type { Fault } from '../harness/faults/catalogue.ts'
export { FAULT_KINDS } from '../harness/faults/catalogue.ts'
export { scenarioGenerator } from '../scenarios/arbitraries.ts'

// Running and judging
export type { History, HistoryEvent, CallId } from '../harness/history/history.ts'
export { runScenario, type RunResult } from '../harness/run/runner.ts'
export { judge, type Verdict } from '../harness/judge/verdict.ts'
export type { Violation } from '../harness/judge/finding.ts'
export {
  defineJudge,
  definedJudges,
  undefineJudge,
  type JudgeDefinition,
  type Finding,
  type NamedJudge,
} from '../harness/judge/registry.ts'

// Campaigns
export { search, type SearchOptions, type SearchResult } from '../harness/campaign/search.ts'
export type { Counterexample } from '../harness/campaign/shrink.ts'
export type { LeaderboardRow, PassK } from '../harness/campaign/compare.ts'
export type { CampaignSummary, Percentiles } from '../harness/campaign/campaign.ts'
export { WorkerPool, type PoolOptions } from '../harness/supervisor/pool.ts'
export { executorRef, type ExecutorRef } from '../harness/supervisor/executor-ref.ts'
export {
  RunCancelled,
  ServiceUnavailable,
  type RunService,
  type RunOptions,
  type RunOutcome,
} from '../harness/supervisor/run-service.ts'
export { coverage, type CoverageCell, type CoverageState } from '../harness/judge/coverage.ts'

// Campaign results as data: the report (one versioned schema), shards and their merge, the failure corpus
export {
  REPORT_SCHEMA,
  REPORT_VERSION,
  type Report,
  type GateReport,
  type CompareReport,
  type RunReport,
} from '../harness/campaign/report-schema.ts'
export { parseReport, MergeError } from '../harness/campaign/merge.ts'
export type { Shard } from '../harness/campaign/shard.ts'
export { DEFAULT_CORPUS_DIR, scenarioHash } from '../harness/campaign/corpus.ts'

// Auditing an exception mapping (`faultline audit-mapping`)
export { AUDIT_RESULT_SCHEMA, AUDIT_FORMAT, AUDIT_VERSION, type AuditResult } from '../harness/audit/result.ts'

// The mock services, for pointing real SDKs at them outside a run
export { mountServices, type Mounted } from '../harness/sim/mount.ts'
export { PaymentsService } from '../mock-services/payments/payments.ts'
export { EmailService, type EmailMode } from '../mock-services/email/email.ts'
export { serveLoopback, type LoopbackServer } from '../mock-services/server/loopback.ts'
export { DEADLINE_HEADER } from '../mock-services/deadline.ts'
