// The checkout's build that workers load: every
// module a worker or a bundled executor imports,
// as JS importing JS, mapped back to its .ts.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUNDLED } from '../../../executors/index.ts'
import { builtPath, checkoutBuild } from '../../../harness/supervisor/checkout-build.mjs'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const build = checkoutBuild()!

const builtFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name))

describe('checkoutBuild', () => {
  it('is made in this checkout, under node_modules/.cache, and the same build each time', () => {
    expect(build).not.toBeNull()
    expect(build.root).toBe(ROOT)
    expect(build.dir.startsWith(join(ROOT, 'node_modules', '.cache', 'faultline', 'worker'))).toBe(true)
    expect(checkoutBuild()).toBe(build)
    expect(JSON.parse(readFileSync(join(build.dir, 'package.json'), 'utf8'))).toMatchObject({
      name: 'faultline',
      type: 'module',
    })
  })

  it("holds the worker's entry and every bundled executor, importing .js, never .ts", () => {
    const main = join(build.dir, 'harness/supervisor/worker-main.js')
    expect(builtFiles(build.dir)).toContain(main)
    for (const b of BUNDLED) expect(builtPath(build, b.path), b.name).toMatch(/\.js$/)
    // npm start's script too (scripts/start.mjs),
    // and npm run bench's (scripts/bench.mjs).
    expect(builtPath(build, join(ROOT, 'scripts/start.ts'))).toBe(join(build.dir, 'scripts/start.js'))
    expect(builtPath(build, join(ROOT, 'bench/campaign.bench.ts'))).toBe(join(build.dir, 'bench/campaign.bench.js'))
    const left = builtFiles(build.dir).filter((f) =>
      /(from\s*|import\s*\(\s*|import\s+)["']\.{1,2}\/[^"']*\.ts["']/.test(readFileSync(f, 'utf8')),
    )
    expect(left).toEqual([])
    expect(readFileSync(main, 'utf8')).toMatch(/from\s*"\.\/journal\.js"/)
  })

  it("keeps no esbuild name helper: JS names the functions itself, and redefining each one's name slows a run", () => {
    const world = readFileSync(join(build.dir, 'harness/run/world.js'), 'utf8')
    expect(world).toMatch(/class World\b/)
    expect(builtFiles(build.dir).filter((f) => readFileSync(f, 'utf8').includes('__name('))).toEqual([])
    // Its one rename: an anonymous default export
    // (`default` under tsx and tsc) gets the file's.
    const renamed =
      /\b(?:function\*?|class)\s+\w+_default\b|\b(?:var|let|const)\s+\w+_default\s*=\s*(?:async\s*)?(?:function|class|\(|\w+\s*=>)/
    expect(builtFiles(build.dir).filter((f) => renamed.test(readFileSync(f, 'utf8')))).toEqual([])
  })

  it('maps each built file back to its .ts source (stack traces name the .ts lines)', () => {
    const file = join(build.dir, 'harness/supervisor/worker-main.js')
    const inline = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)\s*$/.exec(readFileSync(file, 'utf8'))
    expect(inline).not.toBeNull()
    const map = JSON.parse(Buffer.from(inline![1]!, 'base64').toString('utf8')) as { sources: string[] }
    expect(new URL(map.sources[0]!, pathToFileURL(file)).href).toBe(
      pathToFileURL(join(ROOT, 'harness/supervisor/worker-main.ts')).href,
    )
  })
})

describe('builtPath', () => {
  it("gives a checkout module's build, and leaves what the build has not", () => {
    const reference = join(ROOT, 'executors/reference/reference.ts')
    expect(builtPath(build, reference)).toBe(join(build.dir, 'executors/reference/reference.js'))
    expect(builtPath(null, reference)).toBe(reference)
    // Tests are not built; nor is anything outside.
    const fixture = join(ROOT, 'test/fixtures/custom-executor.ts')
    expect(builtPath(build, fixture)).toBe(fixture)
    expect(builtPath(build, '/elsewhere/executor.ts')).toBe('/elsewhere/executor.ts')
    expect(builtPath(build, join(ROOT, 'executors/naive.js'))).toBe(join(ROOT, 'executors/naive.js'))
  })
})
