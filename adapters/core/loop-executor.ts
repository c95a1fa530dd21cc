// A team's agent as an Executor: each ask one
// turn of its own loop, faultline's model in
// it; the outcome is what the loop told it.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { BootContext, Executor, ExecutorDeclaration } from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import { effectTypeOf } from './effect-type.ts'
import { bindingProblem } from './binding.ts'
import { boundCall, isBound } from './bound-call.ts'
import type { LoopFramework, LoopOptions, LoopTold, OpenedLoop } from './loop.ts'
import { peerVersionProblem } from './peer-version.ts'
import { vendorsProblem } from './vendors-option.ts'
import { Script } from './scripted-model.ts'
import { toldOutcome } from './told-outcome.ts'
import { AdapterError } from './tool-executor.ts'
import { refuseToolModeOptions } from './tool-mode-only.ts'

export function loopExecutor<Agent, Model>(
  options: LoopOptions<Agent, Model>,
  framework: LoopFramework<Agent, Model>,
): Executor {
  const { name, agent, binding } = options
  const older = peerVersionProblem(framework.packageName)
  if (older) throw new AdapterError(older)
  const unplayed = vendorsProblem(options.vendors)
  if (unplayed) throw new AdapterError(unplayed)
  const { vendors } = options
  refuseToolModeOptions(options)
  const identity = options.identity ?? 'per-step'
  if (identity !== 'per-step' && identity !== 'per-run')
    throw new AdapterError(`identity "${String(identity)}" is not a policy: use "per-step" or "per-run"`)
  if (typeof agent !== 'function')
    throw new AdapterError(
      `agent must be a function (model, ctx) => your agent, made with faultline's model; got ${agent === null ? 'null' : typeof agent}`,
    )
  return {
    name,
    // The agent needs a process's context: its
    // binding is checked when each one boots.
    declare: (): ExecutorDeclaration => ({ tools: Object.keys(binding), identity, ...(vendors && { vendors }) }),
    async boot(ctx: BootContext) {
      const script = new Script()
      const opened = await framework.open(await agent(framework.model(script), ctx), script)
      const problem = bindingProblem(binding, opened.tools)
      if (problem) {
        await opened.close?.()
        throw new AdapterError(problem)
      }
      return { callTool: (call: ToolCall) => turnFor(call, opened, script, options) }
    },
  }
}

async function turnFor<Agent, Model>(
  call: ToolCall,
  opened: OpenedLoop,
  script: Script,
  { binding, identity = 'per-step' }: LoopOptions<Agent, Model>,
): Promise<Envelope> {
  const bound = boundCall(call, binding, opened.tools, identity)
  if (!isBound(bound)) return bound
  const { signal } = bound
  const ask = { tool: bound.tool, args: bound.args, toolCallId: call.toolCallId, operation: bound.operation, signal }
  const userText = script.begin(ask)
  try {
    const turn = opened.turn(ask, userText).catch((e: unknown) => {
      // A misconfigured agent is the module's fault.
      if (e instanceof AdapterError) throw e
      return { kind: 'nothing', reason: `the loop threw: ${oneLine(e)}` } as const
    })
    // A loop that awaits a tool deaf to the signal
    // would hold the turn past its deadline: what
    // it said by then is all the model has.
    const late = new Promise<LoopTold>((resolve) =>
      signal.addEventListener('abort', () =>
        setTimeout(
          () => resolve({ kind: 'nothing', reason: "the turn's deadline passed before the loop said anything" }),
          0,
        ),
      ),
    )
    const fallback = await Promise.race([turn, late])
    const told = script.end(ask.toolCallId) ??
      fallback ?? { kind: 'nothing', reason: 'the loop ended without telling the model' }
    return toldOutcome(told, effectTypeOf(call.tool))
  } finally {
    bound.done()
  }
}
