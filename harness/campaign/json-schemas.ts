// The JSON Schemas faultline publishes
// (report, scenario), from its zod
// schemas; `npm run schemas` writes them.
import { z } from 'zod'
import { SCENARIO_SCHEMA, SCENARIO_VERSION } from '../scenario/scenario.ts'
import { REPORT_SCHEMA, REPORT_VERSION } from './report-schema.ts'

export function jsonSchemas(): Record<string, Record<string, unknown>> {
  return {
    'report.schema.json': {
      ...z.toJSONSchema(REPORT_SCHEMA, { io: 'input' }),
      $id: `urn:faultline:schema:report:${REPORT_VERSION}`,
      title: `faultline report, version ${REPORT_VERSION}`,
    },
    'scenario.schema.json': {
      ...z.toJSONSchema(SCENARIO_SCHEMA, { io: 'input' }),
      $id: `urn:faultline:schema:scenario:${SCENARIO_VERSION}`,
      title: `faultline scenario, version ${SCENARIO_VERSION}`,
    },
  }
}
