import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Every run patches globals (timers, Math.random, fetch); files run in separate processes.
    pool: 'forks',
    // Vitest's default (cores - 1) is one file at a time on 2 cores; the
    // install tests mostly wait on npm, so two files overlap (CI 19.7 → 11.8 min).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Concurrent tests (the command-line suites) each start processes with workers: a few at a time on a small machine.
    maxConcurrency: 3,
    // Scratch directories (test/support/scratch.ts) are removed after each file, passed or failed; a run that leaves one fails.
    setupFiles: ['test/support/scratch-cleanup.ts'],
    globalSetup: ['test/support/leak-check.ts'],
  },
})
