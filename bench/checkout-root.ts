// The checkout's root, also when a bench runs
// from its build (npm run bench: the code as
// the command runs it), whose files sit under
// node_modules/.cache/faultline/worker/<hash>/.
import { join } from 'node:path'

const built = /^(.*)\/node_modules\/\.cache\/faultline\/worker\/[^/]+\/bench$/.exec(import.meta.dirname)

export const ROOT = built ? built[1]! : join(import.meta.dirname, '..')
