// `faultline gate --executor` this module: the
// support agent as a ToolLoopAgent with a 5 s
// tool timeout (timeout.toolMs), its tools
// honouring the abort. The loop tells the model
// the tool errored; the refund lands anyway.
// In a team's repo: from 'faultline/adapters/ai-sdk'.
import { ToolLoopAgent } from 'ai'
import { aiSdkLoopExecutor } from '../../../faultline/adapters/ai-sdk.ts'
import { binding } from '../../adapters/support/binding.ts'
import { tools } from './tools.tool-timeout.ts'

export default aiSdkLoopExecutor({
  name: 'ai-sdk-tool-timeout',
  agent: (model) =>
    new ToolLoopAgent({
      model,
      instructions: 'You are a support agent. Refund orders and confirm by e-mail.',
      tools,
      timeout: { toolMs: 5_000 },
    }),
  binding,
})
