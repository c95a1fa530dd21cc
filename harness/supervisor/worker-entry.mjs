// The run worker's entry: worker-main.js when
// installed, else the .ts source through tsx.
import { existsSync } from 'node:fs'

const compiled = new URL('./worker-main.js', import.meta.url)
if (existsSync(compiled)) {
  await import(compiled.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('./worker-main.ts')
}
