// `faultline gate --executor` this module: a server
// per process on faultline's storage, named per run
// (MCP has no plan step in production).
// In a team's repo: from 'faultline/adapters/mcp'.
import { mcpExecutor } from '../../../faultline/adapters/mcp.ts'
import { binding } from '../support/binding.ts'
import { carefulServer } from './tools.careful.ts'

export default mcpExecutor({ name: 'mcp-careful', tools: carefulServer, binding, identity: 'per-run' })
