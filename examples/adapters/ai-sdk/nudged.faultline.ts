// `faultline gate --executor` this module: the
// nudged tools as they are, bound to the plan.
// In a team's repo: from 'faultline/adapters/ai-sdk'.
import { aiSdkExecutor } from '../../../faultline/adapters/ai-sdk.ts'
import { binding } from '../support/binding.ts'
import { tools } from './tools.nudged.ts'

export default aiSdkExecutor({ name: 'ai-sdk-nudged', tools, binding })
