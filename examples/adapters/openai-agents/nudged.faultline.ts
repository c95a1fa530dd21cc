// `faultline gate --executor` this module: the
// nudged tools as they are, bound to the plan.
// In a team's repo: from 'faultline/adapters/openai-agents'.
import { openAiAgentsExecutor } from '../../../faultline/adapters/openai-agents.ts'
import { binding } from '../support/binding.ts'
import { tools } from './tools.nudged.ts'

export default openAiAgentsExecutor({ name: 'openai-agents-nudged', tools, binding })
