// `faultline gate --executor` this module: the
// team's server as it is, bound to the plan.
// In a team's repo: from 'faultline/adapters/mcp'.
import { mcpExecutor } from '../../../faultline/adapters/mcp.ts'
import { binding } from '../support/binding.ts'
import { server } from './tools.nudged.ts'

export default mcpExecutor({ name: 'mcp-nudged', tools: server, binding })
