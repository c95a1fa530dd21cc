// What a team hands `faultline gate --executor`: its
// tools and how faultline's plan binds onto them.
// Installed: import from 'faultline/adapters/langchain'.
import { langChainExecutor } from '../../../faultline/adapters/langchain.ts'
import { binding } from '../support/binding.ts'
import { tools } from './tools.nudged.ts'

export default langChainExecutor({
  name: 'langchain-nudged',
  tools,
  binding,
})
