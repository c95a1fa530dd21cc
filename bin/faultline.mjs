#!/usr/bin/env node
// Installed entry point: faultline is TypeScript; tsx runs it without a build step.
import { register } from 'tsx/esm/api'

register()
await import('../harness/cli/bin.ts')
