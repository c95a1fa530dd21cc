// A team's framework tools as an Executor: each
// plan step through the binding, the framework's
// own call path, then the outcome placed.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type {
  BootContext,
  Executor,
  ExecutorDeclaration,
  ExecutorProcess,
  IdentityPolicy,
  ToolContract,
} from '../../harness/contract/executor.ts'
import type { ToolCall } from '../../harness/contract/tool-call.ts'
import type { VendorName } from '../../harness/contract/vendors.ts'
import { oneLine } from '../../harness/contract/one-line.ts'
import { effectTypeOf } from './effect-type.ts'
import { bindingProblem, type Binding } from './binding.ts'
import { boundCall, isBound } from './bound-call.ts'
import { defaultClassifier, placeOutcome, type Classifier } from './classifier.ts'
import type { Framework, OpenedTools } from './framework.ts'
import { peerVersionProblem } from './peer-version.ts'
import { vendorsProblem } from './vendors-option.ts'

export interface AdapterOptions<Tools> {
  /** Shown in reports. */
  readonly name: string
  /**
   * The team's tools as they are, or a factory taking
   * faultline's context (services, storage) per process.
   */
  readonly tools: Tools | ((ctx: BootContext) => Tools | Promise<Tools>)
  /** faultline's tools onto the team's (docs/adapters.md). */
  readonly binding: Binding
  /** How the tools name an operation (default `per-step`). */
  readonly identity?: IdentityPolicy
  /** Default: a throw or error result is UNKNOWN. */
  readonly classifier?: Classifier
  /**
   * false: no operation in the framework's channel,
   * as in production, where no host sends one; the
   * tools name it by their arguments (`per-run`).
   */
  readonly passOperation?: boolean
  /**
   * The vendors the tools speak (`['stripe',
   * 'resend']`); absent: any. A campaign of
   * another pair leaves them out.
   */
  readonly vendors?: readonly VendorName[]
}

/** A tool that cannot be adapted: one line. */
export class AdapterError extends Error {
  override readonly name = 'AdapterError'
}

export function toolExecutor<Tools>(options: AdapterOptions<Tools>, framework: Framework<Tools>): Executor {
  const { name, tools, binding } = options
  const older = peerVersionProblem(framework.packageName)
  if (older) throw new AdapterError(older)
  const unplayed = vendorsProblem(options.vendors)
  if (unplayed) throw new AdapterError(unplayed)
  const { vendors } = options
  const identity = options.identity ?? 'per-step'
  const classify = options.classifier ?? defaultClassifier
  if (identity !== 'per-step' && identity !== 'per-run')
    throw new AdapterError(`identity "${String(identity)}" is not a policy: use "per-step" or "per-run"`)
  const passOperation = options.passOperation ?? true
  if (typeof passOperation !== 'boolean')
    throw new AdapterError(`passOperation must be true or false, not ${oneLine(passOperation)}`)
  // Without one, two equal steps are one operation.
  if (!passOperation && identity !== 'per-run')
    throw new AdapterError(
      "passOperation: false needs identity: 'per-run': with no operation in the channel, only the arguments can name one",
    )
  const open = async (made: Tools): Promise<OpenedTools> => {
    const opened = await framework.open(made)
    const problem = bindingProblem(binding, opened.tools)
    if (problem) {
      await opened.close?.()
      throw new AdapterError(problem)
    }
    return opened
  }
  return {
    name,
    async declare(): Promise<ExecutorDeclaration> {
      // Tools given as they are: a bad binding fails the load.
      if (typeof tools !== 'function') await (await open(tools)).close?.()
      return { tools: Object.keys(binding), identity, ...(vendors && { vendors }) }
    },
    async boot(ctx: BootContext): Promise<ExecutorProcess> {
      const made = typeof tools === 'function' ? await (tools as (c: BootContext) => Tools)(ctx) : tools
      const opened = await open(made)
      return {
        contracts: contractsOf(binding, opened),
        // No operation, no deadline: as in production.
        ...(!passOperation && { seesDeadline: false }),
        callTool: (call) => callOne(call, opened, binding, identity, classify, passOperation),
      }
    },
  }
}

async function callOne(
  call: ToolCall,
  opened: OpenedTools,
  binding: Binding,
  identity: IdentityPolicy,
  classify: Classifier,
  passOperation: boolean,
): Promise<Envelope> {
  const bound = boundCall(call, binding, opened.tools, identity)
  if (!isBound(bound)) return bound
  try {
    const seen = await opened.call(bound.tool, bound.args, {
      toolCallId: call.toolCallId,
      signal: bound.signal,
      operation: passOperation ? bound.operation : null,
    })
    const placed = placeOutcome(seen, classify, effectTypeOf(call.tool))
    if (typeof placed === 'string') throw new AdapterError(placed)
    return placed
  } finally {
    bound.done()
  }
}

/** Declared contracts, by faultline tool. */
function contractsOf(binding: Binding, opened: OpenedTools): Record<string, ToolContract> | undefined {
  const out: Record<string, ToolContract> = {}
  for (const [ours, b] of Object.entries(binding)) {
    const contract = opened.tools.find((t) => t.name === b.tool)?.contract
    if (contract) out[ours] = contract
  }
  return Object.keys(out).length > 0 ? out : undefined
}
