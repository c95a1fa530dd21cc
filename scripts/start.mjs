// npm start: start.ts as this checkout's build
// (checkout-build.mjs), as bin/faultline.mjs
// loads the command: tsx's hooks cost ~0.5 s
// of a first contact.
import { importSource } from '../harness/supervisor/checkout-build.mjs'

await importSource(new URL('./start.ts', import.meta.url))
