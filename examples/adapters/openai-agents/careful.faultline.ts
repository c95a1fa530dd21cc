// `faultline gate --executor` this module: the
// careful tools, made per process on faultline's
// storage. In a team's repo: from 'faultline/adapters/openai-agents'.
import { openAiAgentsExecutor } from '../../../faultline/adapters/openai-agents.ts'
import { binding } from '../support/binding.ts'
import { carefulTools } from './tools.careful.ts'

export default openAiAgentsExecutor({ name: 'openai-agents-careful', tools: carefulTools, binding })
