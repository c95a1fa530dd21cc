// The scenario format as a JSON Schema, generated from the zod schema that
// validates it, so an editor completes and checks a scenario file
// (`"$schema": "./node_modules/faultline/schemas/scenario.schema.json"`).
import { z } from 'zod'
import { SCENARIO_SCHEMA } from './scenario.ts'

export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(SCENARIO_SCHEMA, { io: 'input', unrepresentable: 'any' }),
    $id: 'https://faultline.dev/schemas/scenario.schema.json',
    title: 'faultline scenario',
  }
}
