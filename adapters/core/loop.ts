// Loop mode: the team's whole agent under test.
// faultline's model is the framework's model;
// what the loop tells it is the outcome judged.
import type { BootContext, IdentityPolicy } from '../../harness/contract/executor.ts'
import type { VendorName } from '../../harness/contract/vendors.ts'
import type { Binding } from './binding.ts'
import type { OpenedTool } from './framework.ts'
import type { LoopAsk, LoopTold } from './loop-ask.ts'
import type { Script } from './scripted-model.ts'

export type { LoopAsk, LoopTold }

/** A team's agent, opened for one process. */
export interface OpenedLoop {
  readonly tools: readonly OpenedTool[]
  /**
   * Run one turn of the agent for `ask`. What the
   * loop's result says of the call, if the model
   * was not called again to read it; else null.
   */
  turn(ask: LoopAsk, userText: string): Promise<LoopTold | null>
  close?(): Promise<void>
}

/** One framework's loop, with faultline's model in it. */
export interface LoopFramework<Agent, Model> {
  /** The package a team installs, for messages. */
  readonly packageName: string
  /** faultline's model, in the framework's own type. */
  model(script: Script): Model
  open(agent: Agent, script: Script): Promise<OpenedLoop>
}

export interface LoopOptions<Agent, Model> {
  /** Shown in reports. */
  readonly name: string
  /**
   * The team's agent, made with faultline's model
   * in place of theirs; once per process.
   */
  readonly agent: (model: Model, ctx: BootContext) => Agent | Promise<Agent>
  /** faultline's tools onto the team's (docs/adapters.md). */
  readonly binding: Binding
  /** How the tools name an operation (default `per-step`). */
  readonly identity?: IdentityPolicy
  /**
   * The vendors the tools speak (`['stripe',
   * 'resend']`); absent: any. A campaign of
   * another pair leaves them out.
   */
  readonly vendors?: readonly VendorName[]
}
