// `faultline gate --executor` this module: the
// careful tools, made per process on faultline's
// storage. In a team's repo: from 'faultline/adapters/ai-sdk'.
import { aiSdkExecutor } from '../../../faultline/adapters/ai-sdk.ts'
import { binding } from '../support/binding.ts'
import { carefulTools } from './tools.careful.ts'

export default aiSdkExecutor({ name: 'ai-sdk-careful', tools: carefulTools, binding })
