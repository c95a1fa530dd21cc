// Options only tool mode takes: a loop given
// one would ignore it without a word (a JS
// module passes what TypeScript refuses).
import { AdapterError } from './tool-executor.ts'

/** Throws if `options` has an option loops lack. */
export function refuseToolModeOptions(options: object): void {
  if ('passOperation' in options)
    throw new AdapterError(
      'passOperation is a tool-mode option (aiSdkExecutor, mcpExecutor, …); loop mode always passes the operation: gate the branch your tools take without one in tool mode, with passOperation: false',
    )
}
