// A named scenario (scenarios/named/<name>.json),
// parsed as `faultline run` parses it.
import { readFileSync } from 'node:fs'
import { parseScenario, type Scenario } from '../../../faultline/index.ts'

export function namedScenario(name: string): Scenario {
  const file = new URL(`../../../scenarios/named/${name}.json`, import.meta.url)
  const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.ok) throw new Error(`${name}: ${parsed.problem}`)
  return parsed.value
}
