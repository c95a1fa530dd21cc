// The incident: LangChain's own retry middleware
// at its defaults (langchain 1.5.14 dist/agents/
// middleware/toolRetry.js, constants.js: every
// error not marked non-retryable, twice, 1 s
// then 2 s ±25 %) around a refund that is not
// idempotent. A refund that landed but whose
// answer was lost is made again.
// Installed: import from 'faultline/adapters/langchain'.
import { createAgent, toolRetryMiddleware } from 'langchain'
import { langChainLoopExecutor } from '../../../faultline/adapters/langchain.ts'
import { binding } from '../../adapters/support/binding.ts'
import { tools } from './tools.plain.ts'

export default langChainLoopExecutor({
  name: 'langchain-retry-middleware',
  agent: (model) => createAgent({ model, tools, middleware: [toolRetryMiddleware()] }),
  binding: { issue_refund: binding.issue_refund! },
})
