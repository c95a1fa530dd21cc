// The same agent, the same retry middleware at
// its defaults, with careful tools: one key per
// operation (config.configurable.faultline),
// the outcome returned, never thrown, so the
// middleware has nothing to retry.
// Installed: import from 'faultline/adapters/langchain'.
import { createAgent, toolRetryMiddleware } from 'langchain'
import { langChainLoopExecutor } from '../../../faultline/adapters/langchain.ts'
import { carefulTools } from '../../adapters/langchain/tools.careful.ts'
import { binding } from '../../adapters/support/binding.ts'

export default langChainLoopExecutor({
  name: 'langchain-loop-careful',
  agent: (model, ctx) => createAgent({ model, tools: carefulTools(ctx), middleware: [toolRetryMiddleware()] }),
  binding,
})
