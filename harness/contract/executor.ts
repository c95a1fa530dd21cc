import type { Envelope } from './envelope.ts'
import type { Boundary } from './names.ts'
import type { DurableStorage } from './storage.ts'
import type { ToolCall } from './tool-call.ts'
import type { VendorName, Vendors } from './vendors.ts'

/**
 * An executor under test: the layer between
 * the model and side-effecting tools.
 */
export interface Executor {
  /** Shown in reports. */
  readonly name: string
  /** Start one (simulated) process of the executor. */
  boot(ctx: BootContext): Promise<ExecutorProcess>
  /**
   * What it offers and how it names an operation,
   * read once at load; a throw fails the load.
   */
  declare?(): ExecutorDeclaration | Promise<ExecutorDeclaration>
}

/**
 * How an operation is named. `per-step`: by
 * (runId, stepId). `per-run`: by runId and the
 * tool's identity fields, so two steps alike
 * are one operation (docs/adapters.md).
 */
export type IdentityPolicy = 'per-step' | 'per-run'

export const IDENTITY_POLICIES: readonly IdentityPolicy[] = ['per-step', 'per-run']

export interface ExecutorDeclaration {
  /** faultline tools it offers (default: all). */
  readonly tools?: readonly string[]
  /** Default `per-step`. */
  readonly identity?: IdentityPolicy
  /**
   * Boundaries it has beyond the HTTP path,
   * which a campaign then strikes too:
   * `tool-transport` (its tools are reached
   * over MCP; the MCP adapters declare it).
   */
  readonly boundaries?: readonly OptInBoundary[]
  /**
   * The vendors it speaks (`stripe`, `square`,
   * `resend`, `ses`…); absent: any. A campaign
   * with another vendor leaves it out.
   */
  readonly vendors?: readonly VendorName[]
}

/** Boundaries drawn only for an executor declaring them. */
export type OptInBoundary = Extract<Boundary, 'tool-transport'>

export const OPT_IN_BOUNDARIES: readonly OptInBoundary[] = ['tool-transport']

/**
 * What a tool declares it does (MCP's
 * annotations), judged against the ledger.
 */
export interface ToolContract {
  readonly readOnly?: boolean
  readonly destructive?: boolean
  readonly idempotent?: boolean
}

export interface BootContext {
  /**
   * Base URLs of the mock services
   * (`https://payments.test`). Use
   * ordinary HTTP clients.
   */
  readonly services: { readonly payments: string; readonly email: string }
  /**
   * The vendors those services play this run
   * (default Stripe + Resend): speak theirs.
   */
  readonly vendors: Vendors
  /** Survives a crash of this process. */
  readonly storage: DurableStorage
}

export interface ExecutorProcess {
  /**
   * Perform one tool call and report its
   * outcome. Must return by `call.deadline`.
   */
  callTool(call: ToolCall): Promise<Envelope>
  /**
   * After a restart: reconcile what was left
   * in flight, by `deadline` (epoch ms).
   */
  recover?(deadline: number): Promise<void>
  /**
   * The agent gave up on `runId`: compensate its
   * confirmed effects by `deadline`. One envelope
   * per compensation attempted or left to a person.
   */
  abort?(runId: string, deadline: number): Promise<Envelope[]>
  /**
   * Contracts its tools declare, by faultline
   * tool name; read once after boot.
   */
  readonly contracts?: Readonly<Record<string, ToolContract>>
  /**
   * false: its tools are given no deadline (an
   * adapter's passOperation: false, as hosts send
   * none), so a send is not blamed for the time
   * its turn had left (effect-after-deadline).
   */
  readonly seesDeadline?: boolean
}
