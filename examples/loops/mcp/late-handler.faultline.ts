// The incident, as a team runs it: a host at the
// MCP SDK's defaults (60 s a tools/call), the
// server as the SDK's examples write it. A refund
// whose Stripe request takes 65 s: at 60 s the
// client sends notifications/cancelled and says
// "MCP error -32001: Request timed out"; the
// handler goes on, the refund lands, and the
// server sends no answer (shared/protocol.js
// request(), _onrequest). The model is told the
// call failed, and may ask again: a new requestId,
// a new key, a second refund.
// In a team's repo: from 'faultline/adapters/mcp'.
import { mcpLoopExecutor } from '../../../faultline/adapters/mcp.ts'
import { server } from '../../adapters/mcp/tools.nudged.ts'
import { binding } from '../../adapters/support/binding.ts'

export default mcpLoopExecutor({ name: 'mcp-late-handler', host: { server }, binding })
