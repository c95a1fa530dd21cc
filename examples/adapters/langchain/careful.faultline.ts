// What a team hands `faultline gate --executor`: a
// factory of its tools (they keep state in faultline's
// durable storage) and how the plan binds onto them.
// Installed: import from 'faultline/adapters/langchain'.
import { langChainExecutor } from '../../../faultline/adapters/langchain.ts'
import { binding } from '../support/binding.ts'
import { carefulTools } from './tools.careful.ts'

export default langChainExecutor({
  name: 'langchain-careful',
  tools: carefulTools,
  binding,
})
