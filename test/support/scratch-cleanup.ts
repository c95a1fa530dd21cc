// A setup file (vitest.config.ts): after each test file, passed or failed, the
// scratch directories it made are removed. Registered first, it runs after the
// file's own afterAll hooks, which may still use them.
import { afterAll } from 'vitest'
import { removeScratch } from './scratch.ts'

afterAll(removeScratch)
