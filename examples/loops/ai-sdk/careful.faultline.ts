// `faultline gate --executor` this module: the
// same ToolLoopAgent and 5 s tool timeout as
// tool-timeout.faultline.ts, with careful tools:
// aborted, a tool answers UNKNOWN, not an error.
// In a team's repo: from 'faultline/adapters/ai-sdk'.
import { ToolLoopAgent } from 'ai'
import { aiSdkLoopExecutor } from '../../../faultline/adapters/ai-sdk.ts'
import { binding } from '../../adapters/support/binding.ts'
import { carefulTools } from './tools.careful.ts'

export default aiSdkLoopExecutor({
  name: 'ai-sdk-careful-loop',
  agent: (model, ctx) =>
    new ToolLoopAgent({
      model,
      instructions: 'You are a support agent. Refund orders and confirm by e-mail.',
      tools: carefulTools(ctx),
      timeout: { toolMs: 5_000 },
    }),
  binding,
})
