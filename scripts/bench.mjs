// npm run bench: the benchmark as this
// checkout's build (checkout-build.mjs), the
// code the command and its workers run; tsx
// compiles with keepNames, which costs ~6 %.
import { importSource } from '../harness/supervisor/checkout-build.mjs'

await importSource(new URL('../bench/campaign.bench.ts', import.meta.url))
