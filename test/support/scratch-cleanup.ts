// A setup file (vitest.config.ts): after each test file, passed or failed, the
// scratch directories it made are removed. Registered first, it runs after the
// file's own afterAll hooks, which may still use them; and its beforeAll, first
// of the file's, marks the end of loading, before which scratchDir refuses.
import { afterAll, beforeAll } from 'vitest'
import { fileLoading, removeScratch } from './scratch.ts'

fileLoading(true)
beforeAll(() => fileLoading(false))
afterAll(removeScratch)
