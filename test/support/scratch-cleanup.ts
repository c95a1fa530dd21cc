// Setup file: after each test file, passed or not,
// its scratch dirs are removed. Registered first,
// so it runs after the file's afterAll hooks; its
// beforeAll marks the end of loading.
import { afterAll, beforeAll } from 'vitest'
import { fileLoading, removeScratch } from './scratch.ts'

fileLoading(true)
beforeAll(() => fileLoading(false))
afterAll(removeScratch)
