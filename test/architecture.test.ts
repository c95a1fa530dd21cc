// The house's rules (test/support/architecture/
// rules.ts), checked: imports flow one way, no
// cycles, every folder known, files small or
// excused. Each checker is tried on small made-up
// file sets first, then on the real tree.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  checkArchitecture,
  checkCycles,
  checkFlow,
  checkRooms,
  checkSize,
  readTree,
  show,
  type SourceFile,
} from './support/architecture/index.ts'
import { SIZE } from './support/architecture/rules.ts'

const ROOT = join(import.meta.dirname, '..')

/** A file set in memory: path → text. */
const tree = (files: Record<string, string>): SourceFile[] =>
  Object.entries(files).map(([path, text]) => ({ path, text }))
const found = (files: Record<string, string>): string[] => checkArchitecture(tree(files)).map(show)
/** A file of `lines` lines: `head`, then filler. */
const long = (lines: number, head: string): string =>
  [...head.split('\n'), ...Array.from({ length: lines }, (_, i) => `export const x${i} = ${i}`)]
    .slice(0, lines)
    .join('\n')

describe('the architecture checker', () => {
  it('lets the flow through: the face imports everything, consumers import the face, each room what comes before it', () => {
    expect(
      found({
        'bin/faultline.mjs': `await import(new URL('../faultline/cli/bin.ts', import.meta.url).href)`,
        'examples/gate.ts': `import { gate } from 'faultline'`,
        'faultline/index.ts': `export * from '../harness/jobs/gate.ts'\nexport * from '../reports/json.ts'\nexport { executors } from '../executors/index.ts'\nexport * from '../scenarios/named.ts'`,
        'harness/jobs/gate.ts': `import { audit } from '../audit/audit.ts'\nimport { campaign } from '../campaign/campaign.ts'`,
        'harness/audit/audit.ts': `import type { Verdict } from '../judge/verdict.ts'\nconst cell = new URL(\`./cell\${ext}\`, import.meta.url)`,
        'harness/supervisor/spawn.ts': `new Worker(new URL('./worker-entry.mjs', import.meta.url))`,
        'harness/supervisor/worker-entry.mjs': `await import('./worker-main.ts')`,
        'harness/sim/sandbox.ts': `const crypto = createRequire(import.meta.url)('node:crypto')\nimport '../../mock-services/index.ts'`,
        'reports/markdown.ts': `import type { AuditResult } from '../harness/audit/result.ts'\nimport type { Report } from '../harness/campaign/report-schema.ts'`,
        'scenarios/named.ts': `import type { Scenario } from '../harness/scenario/scenario.ts'\nimport { refused } from '../harness/faults/refused.ts'`,
        'executors/index.ts': `import type { Executor } from '../harness/contract/executor.ts'\nconst here = new URL(\`./\${file}.ts\`, import.meta.url)`,
        'mock-services/index.ts': `import http from 'node:http'`,
        'harness/supervisor/missing-package.ts': `const pkg = createRequire(import.meta.url)('faultline/package.json')\nimport meta from '../../package.json' with { type: 'json' }`,
        'test/anything.test.ts': `import '../faultline/index.ts'\nimport '../harness/sim/sandbox.ts'`,
        'vitest.config.ts': `import { defineConfig } from 'vitest/config'`,
      }),
    ).toEqual([])
  })

  it('ignores what only looks like an import: a comment, a string, a path built at run time', () => {
    expect(
      found({
        'harness/judge/doc.ts': [
          `// e.g. import('../../faultline/index.ts') or new URL('../../reports/x.ts', import.meta.url)`,
          `/** require('../../executors/index.ts') */`,
          `export const hint = "import '../../reports/json.ts'"`,
          `export const load = (path: string) => import(path)`,
        ].join('\n'),
      }),
    ).toEqual([])
  })

  describe('catches each way around the flow', () => {
    const flow = (files: Record<string, string>) =>
      checkFlow(tree(files)).map((v) => `${v.at} ${v.message.split(':')[0]}`)

    it('a template-literal import(), by its static folder', () => {
      expect(
        flow({
          'harness/run/load.ts': 'export const load = (name: string) => import(`../../executors/correct/${name}.ts`)',
        }),
      ).toEqual(['harness/run/load.ts:1 harness/run may not import executors'])
      // a prefix ending at the engine reaches every room
      expect(flow({ 'harness/judge/load.ts': 'await import(`../${room}/index.ts`)' })).toEqual([
        'harness/judge/load.ts:1 harness/judge may not import harness',
      ])
    })

    it('a worker started from new URL(…, import.meta.url), literal or template', () => {
      expect(
        flow({
          'harness/supervisor/spawn.ts': `new Worker(new URL('../../faultline/cli/worker.ts', import.meta.url))`,
          'harness/audit/matrix.ts':
            'const path = fileURLToPath(new URL(`../../executors/${name}${ext}`, import.meta.url))',
        }),
      ).toEqual([
        'harness/supervisor/spawn.ts:1 harness/supervisor may not import faultline',
        'harness/audit/matrix.ts:1 harness/audit may not import executors',
      ])
    })

    it('require(), require.resolve() and import … = require()', () => {
      expect(
        flow({
          'harness/sim/a.cjs': `const executors = require('../../executors/index.ts')`,
          'harness/sim/b.ts': `const where = require.resolve('../../scenarios/named.ts')\nimport x = require('../../reports/json.ts')`,
        }),
      ).toEqual([
        'harness/sim/a.cjs:1 harness/sim may not import executors',
        'harness/sim/b.ts:1 harness/sim may not import scenarios',
        'harness/sim/b.ts:2 harness/sim may not import reports',
      ])
    })

    it('createRequire(…)(…), called at once, through a name, or .resolve', () => {
      expect(
        flow({
          'harness/model/a.ts': `const x = createRequire(import.meta.url)('../../executors/index.ts')`,
          'harness/model/b.ts': `const load = createRequire(import.meta.url)\nconst s = load('../../scenarios/named.ts')`,
          'harness/model/c.ts': `const p = module.createRequire(import.meta.url).resolve('../../reports/json.ts')`,
        }),
      ).toEqual([
        'harness/model/a.ts:1 harness/model may not import executors',
        'harness/model/b.ts:2 harness/model may not import scenarios',
        'harness/model/c.ts:1 harness/model may not import reports',
      ])
    })

    it("tsImport(), import.meta.resolve() and a path joined from the file's own folder", () => {
      expect(
        flow({
          'harness/campaign/a.ts': `const m = await tsImport('../../executors/naive.ts', import.meta.url)`,
          'harness/campaign/b.ts': `const u = import.meta.resolve('../../scenarios/named.ts')`,
          'harness/campaign/c.ts': `const dir = join(import.meta.dirname, '..', '..', 'executors', 'correct')`,
          'harness/campaign/d.ts': `const dir = resolve(import.meta.dirname, '../../executors', name)`,
        }),
      ).toEqual([
        'harness/campaign/a.ts:1 harness/campaign may not import executors',
        'harness/campaign/b.ts:1 harness/campaign may not import scenarios',
        'harness/campaign/c.ts:1 harness/campaign may not import executors',
        'harness/campaign/d.ts:1 harness/campaign may not import executors',
      ])
    })

    it('static, re-exported, side-effect and type-only imports', () => {
      expect(
        flow({
          'harness/faults/a.ts': `import { x } from '../run/world.ts'`,
          'harness/faults/b.ts': `export * from '../sim/clock.ts'`,
          'harness/faults/c.ts': `import '../model/model.ts'`,
          'harness/faults/d.ts': `let w: import('../judge/verdict.ts').Verdict`,
        }),
      ).toEqual([
        'harness/faults/a.ts:1 harness/faults may not import harness/run',
        'harness/faults/b.ts:1 harness/faults may not import harness/sim',
        'harness/faults/c.ts:1 harness/faults may not import harness/model',
        'harness/faults/d.ts:1 harness/faults may not import harness/judge',
      ])
    })

    it('an engine room reaching the renderers', () => {
      expect(
        flow({ 'harness/campaign/summary.ts': `import { renderMarkdown } from '../../reports/markdown.ts'` }),
      ).toEqual(['harness/campaign/summary.ts:1 harness/campaign may not import reports'])
      expect(flow({ 'harness/jobs/gate.ts': `import { renderJunit } from '../../reports/junit.ts'` })).toEqual([
        'harness/jobs/gate.ts:1 harness/jobs may not import reports',
      ])
    })

    it('an engine room reaching the face, by path or by the package name', () => {
      expect(
        flow({
          'harness/audit/a.ts': `import { gate } from '../../faultline/index.ts'`,
          'harness/jobs/b.ts': `import { expectNoViolations } from 'faultline/vitest'`,
          'reports/c.ts': `import type { GateOptions } from 'faultline'`,
          'harness/sim/d.ts': `const msw = await import('faultline/msw')`,
        }),
      ).toEqual([
        'harness/audit/a.ts:1 harness/audit may not import faultline',
        'harness/jobs/b.ts:1 harness/jobs may not import faultline',
        'reports/c.ts:1 reports may not import faultline',
        'harness/sim/d.ts:1 harness/sim may not import faultline',
      ])
    })

    it('the renderers reaching a plug-in, a scenario or the mock services', () => {
      expect(
        flow({
          'reports/a.ts': `import { executors } from '../executors/index.ts'`,
          'reports/b.ts': `import { named } from '../scenarios/named.ts'`,
          'reports/html/c.ts': `import { Ledger } from '../../mock-services/ledger.ts'`,
        }),
      ).toEqual([
        'reports/a.ts:1 reports may not import executors',
        'reports/b.ts:1 reports may not import scenarios',
        'reports/html/c.ts:1 reports may not import mock-services',
      ])
    })

    it('the audit reaching the plug-ins or the scenarios it must be handed', () => {
      expect(
        flow({
          'harness/audit/a.ts': `import { executors } from '../../executors/index.ts'`,
          'harness/audit/b.ts': `import { arbitraries } from '../../scenarios/arbitraries.ts'`,
        }),
      ).toEqual([
        'harness/audit/a.ts:1 harness/audit may not import executors',
        'harness/audit/b.ts:1 harness/audit may not import scenarios',
      ])
    })

    it('a plug-in, a scenario or a mock service reaching into the engine', () => {
      expect(
        flow({
          'executors/a.ts': `import { clock } from '../harness/sim/clock.ts'`,
          'scenarios/b.ts': `import { world } from '../harness/run/world.ts'`,
          'mock-services/c.ts': `import type { Executor } from '../harness/contract/executor.ts'`,
        }),
      ).toEqual([
        'executors/a.ts:1 executors may not import harness/sim',
        'scenarios/b.ts:1 scenarios may not import harness/run',
        'mock-services/c.ts:1 mock-services may not import harness/contract',
      ])
    })

    it('the product reaching a consumer (tests, benches, examples) or leaving the repository', () => {
      expect(
        flow({
          'faultline/a.ts': `import { fixture } from '../test/support/scenario.ts'`,
          'harness/sim/b.ts': `import '../../bench/campaign.bench.ts'`,
          'harness/sim/c.ts': `import '../../../elsewhere/x.ts'`,
        }),
      ).toEqual([
        'faultline/a.ts:1 faultline may not import test',
        'harness/sim/b.ts:1 harness/sim may not import bench',
        'harness/sim/c.ts:1 harness/sim may not import ..',
      ])
    })
  })

  it('catches a new top-level folder, a new engine room and a file loose in harness/', () => {
    const rooms = (files: Record<string, string>) => checkRooms(tree(files)).map((v) => v.at)
    expect(
      rooms({
        'plugins/x.ts': '',
        'plugins/y.ts': '',
        'lib/z.cjs': '',
        'tools/w.js': '',
        'docs/notes.md': '',
        'README.md': '',
      }),
    ).toEqual(['plugins/x.ts', 'lib/z.cjs', 'tools/w.js'])
    expect(rooms({ 'harness/extras/x.ts': '', 'harness/helpers.ts': '', 'harness/jobs/gate.ts': '' })).toEqual([
      'harness/extras/x.ts',
      'harness/helpers.ts',
    ])
  })

  it('catches a circle between folders, even inside a room where imports are otherwise free', () => {
    const cycles = checkCycles(
      tree({ 'reports/html/a.ts': `import '../b/b.ts'`, 'reports/b/b.ts': `import '../html/a.ts'` }),
    ).map(show)
    expect(cycles).toEqual([
      '[cycle] reports/b: folders import each other in a circle: reports/b → reports/html → reports/b',
    ])
    expect(
      checkCycles(tree({ 'test/a/x.ts': `import '../../bench/y.ts'`, 'bench/y.ts': `import '../test/a/x.ts'` })).map(
        (v) => v.message.split(':')[0],
      ),
    ).toEqual(['rooms import each other in a circle', 'folders import each other in a circle'])
  })

  describe('file size', () => {
    const size = (files: Record<string, string>) =>
      checkSize(tree(files)).map((v) => `${v.at} ${v.message.split(',')[0]}`)
    const reason = '// Longer than most because it is one state machine.'

    it('passes a long file whose opening comment says why, even after other comments and a shebang', () => {
      expect(
        size({
          'harness/sim/clock.ts': long(300, `// The clock.\n//\n${reason}\n\n/* more */\nimport x from 'y'`),
          'bin/x.mjs': long(300, `#!/usr/bin/env node\n${reason}`),
        }),
      ).toEqual([])
    })

    it('catches a long file without the phrase, and one with the phrase buried after code', () => {
      expect(
        size({
          'harness/sim/a.ts': long(SIZE.soft + 1, '// The clock.'),
          'harness/sim/b.ts': long(SIZE.soft + 1, `// The clock.\nimport x from 'y'\n${reason}`),
          'harness/sim/c.ts': long(SIZE.soft + 1, `import x from 'y'\n/* ${reason.slice(3)} */`),
          'harness/sim/d.ts': long(SIZE.soft + 1, `export const a = 1 ${reason}`),
        }),
      ).toEqual([
        `harness/sim/a.ts ${SIZE.soft + 1} lines`,
        `harness/sim/b.ts ${SIZE.soft + 1} lines`,
        `harness/sim/c.ts ${SIZE.soft + 1} lines`,
        `harness/sim/d.ts ${SIZE.soft + 1} lines`,
      ])
    })

    it(`catches a file past the hard cap (${SIZE.hard} lines) whatever its comment says`, () => {
      expect(size({ 'executors/correct/huge.ts': long(SIZE.hard + 1, reason) })).toEqual([
        `executors/correct/huge.ts ${SIZE.hard + 1} lines`,
      ])
    })

    it('holds tests, benches and scripts to neither limit', () => {
      expect(size({ 'test/long.test.ts': long(600, ''), 'bench/long.bench.ts': long(600, '') })).toEqual([])
    })
  })
})

describe('the tree', () => {
  const files = readTree(ROOT)
  const shown = (check: (f: readonly SourceFile[]) => { rule: string; at: string; message: string }[]) =>
    check(files).map(show)

  it('is read whole: every room has files, none from node_modules or build output', () => {
    const tops = new Set(files.map((f) => f.path.split('/')[0]))
    for (const top of ['faultline', 'harness', 'mock-services', 'executors', 'scenarios', 'reports', 'bin', 'test'])
      expect(tops).toContain(top)
    expect(files.filter((f) => /(^|\/)(node_modules|dist|\.git)\//.test(f.path))).toEqual([])
  })

  it("builds every export of the package but its manifest from the face, as the checker reads the package's own name", () => {
    const exports = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).exports as Record<
      string,
      string | Record<string, string>
    >
    for (const [path, to] of Object.entries(exports)) {
      for (const file of typeof to === 'string' ? [to] : Object.values(to))
        expect(file, path).toMatch(path === './package.json' ? /^\.\/package\.json$/ : /^\.\/dist\/faultline\//)
    }
  })

  it('keeps every source file in a room the rules know', () => expect(shown(checkRooms)).toEqual([]))
  it('imports run with the flow', () => expect(shown(checkFlow)).toEqual([]))
  it('has no circle between rooms or folders', () => expect(shown(checkCycles)).toEqual([]))
  it(`keeps files under ${SIZE.soft} lines, or says why at the top and stays under ${SIZE.hard}`, () =>
    expect(shown(checkSize)).toEqual([]))
})
