// The run worker's entry point. faultline and executors written in TypeScript
// are loaded with tsx, registered here for this thread.
import { register } from 'tsx/esm/api'

register()
await import('./worker-main.ts')
