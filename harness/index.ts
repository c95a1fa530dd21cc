// faultline's public API: this list and nothing else. Every name here is
// documented in docs/api.md (test/api.test.ts keeps the two in step).

// The executor plug-in contract
export type { Executor, BootContext, ExecutorProcess } from './contract/executor.ts'
export type { ToolCall } from './contract/tool-call.ts'
export type { Envelope, OutcomeStatus } from './contract/envelope.ts'
export type { DurableStorage } from './contract/storage.ts'
export type { ToolSpec } from './contract/tools.ts'
export { TOOLS } from './contract/tools.ts'
export { checkEnvelope, isExecutor } from './contract/validate.ts'
export type { ExceptionMapping, MappingClass, Observed, ObservedRequest, ClientName } from './contract/mapping.ts'
export { MAPPING_CLASSES, CLIENT_NAMES } from './contract/mapping.ts'
export type { Boundary, BuiltinJudgeName, JudgeName } from './contract/names.ts'
export { BOUNDARIES, JUDGE_NAMES } from './contract/names.ts'

// Scenarios and faults (plain data)
export type { Scenario, PlanStep, ModelBehaviour } from './scenario/scenario.ts'
export { parseScenario } from './scenario/scenario.ts'
export type { ScenarioGenerator } from './scenario/generator.ts'
export type { Fault } from './faults/catalogue.ts'
export { FAULT_KINDS } from './faults/catalogue.ts'
export { scenarioGenerator } from '../scenarios/arbitraries.ts'

// Running and judging
export type { History, HistoryEvent, CallId } from './history/history.ts'
export { runScenario, type RunResult } from './run/runner.ts'
export { judge, type Verdict } from './judge/verdict.ts'
export type { Violation } from './judge/finding.ts'
export { defineJudge, definedJudges, undefineJudge, type JudgeDefinition, type Finding, type NamedJudge } from './judge/registry.ts'

// Campaigns
export { search, type SearchOptions, type SearchResult } from './campaign/search.ts'
export type { Counterexample } from './campaign/shrink.ts'
export { compare, type CompareOptions, type LeaderboardRow, type PassK } from './campaign/compare.ts'
export type { CampaignSummary, Percentiles } from './campaign/campaign.ts'
export { WorkerPool, type PoolOptions } from './supervisor/pool.ts'
export { executorRef, type ExecutorRef } from './supervisor/executor-ref.ts'
export type { RunService, RunOutcome } from './supervisor/run-service.ts'
export { coverage, type CoverageCell, type CoverageState } from './judge/coverage.ts'

// Campaign results as data: the report (one versioned schema), shards and their merge, the failure corpus
export { REPORT_SCHEMA, REPORT_VERSION, type Report, type GateReport, type CompareReport, type RunReport } from './campaign/report-schema.ts'
export { merge, parseReport, MergeError } from './campaign/merge.ts'
export type { Shard } from './campaign/shard.ts'
export { DEFAULT_CORPUS_DIR, scenarioHash } from './campaign/corpus.ts'

// Auditing an exception mapping (`faultline audit-mapping`)
export { auditMapping, type AuditOptions } from './audit/audit.ts'
export { AUDIT_RESULT_SCHEMA, AUDIT_FORMAT, AUDIT_VERSION, type AuditResult } from './audit/result.ts'

// The mock services, for pointing real SDKs at them outside a run
export { mountServices, type Mounted } from './sim/mount.ts'
export { PaymentsService } from '../mock-services/payments/payments.ts'
export { EmailService, type EmailMode } from '../mock-services/email/email.ts'
export { serveLoopback, type LoopbackServer } from '../mock-services/server/loopback.ts'
export { DEADLINE_HEADER } from '../mock-services/deadline.ts'
