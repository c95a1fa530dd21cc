// A careful host around careful tools: each tool
// keys by the operation and answers within the
// turn (examples/adapters/mcp/tools.careful.ts),
// and the host never words a failed tools/call
// as a failure: a timeout (-32001) or a closed
// connection (-32000) may come after the handler
// acted, and the SDK tells it no more. The
// model hears "may have happened", not "failed".
// In a team's repo: from 'faultline/adapters/mcp'.
import { mcpLoopExecutor } from '../../../faultline/adapters/mcp.ts'
import { carefulServer } from '../../adapters/mcp/tools.careful.ts'
import { binding } from '../../adapters/support/binding.ts'

/** Whatever the client threw, the handler may have run. */
function toldOnError(error: unknown, tool: string): string {
  const what = error instanceof Error ? error.message : String(error)
  return `${tool} got no answer it can trust (${what}): it may have happened. Do not retry; check its status first.`
}

export default mcpLoopExecutor({
  name: 'mcp-careful-host',
  // One server per executor process, on faultline's
  // storage; the SDK's request defaults (60 s) are
  // kept. A factory, () => carefulServer(ctx),
  // would rebuild it after a server crash, and
  // lose the Retry-After it keeps in memory.
  host: (ctx) => ({ server: carefulServer(ctx), toldOnError }),
  binding,
  identity: 'per-run',
})
