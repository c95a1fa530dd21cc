import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Every run patches globals (timers, Math.random, fetch); files run in separate processes.
    pool: 'forks',
  },
})
