// npm start: start.ts as this checkout's build
// (checkout-build.mjs), as bin/faultline.mjs
// loads the command: tsx's hooks cost ~0.5 s
// of a first contact. package.json gives this
// thread a 64 MB semi-space (workers have one):
// a run's judging garbage dies young: -14 %
// of its CPU (a flag set later does nothing).
import { importSource } from '../harness/supervisor/checkout-build.mjs'

await importSource(new URL('./start.ts', import.meta.url))
