// Corpus entries of another profile, not
// replayed: a probe's team saw a hostile
// entry fail its vendor gate, and moved it.
import type { CorpusElsewhere } from '../../harness/campaign/report-schema.ts'
import { parseProfile, profileName } from '../../harness/scenario/profile.ts'

/** `1 corpus entry saved under profile hostile …`. */
export function elsewhereWords(entries: readonly CorpusElsewhere[]): string {
  const profiles = [...new Set(entries.map((e) => e.profile))]
  const n = entries.length
  const what = `${n} corpus entr${n === 1 ? 'y' : 'ies'} saved under profile ${profiles.join(', ')}`
  return `${what}, with behaviour the real vendors lack: gate with --profile ${replaying(profiles)} to replay ${n === 1 ? 'it' : 'them'}`
}

/** One --profile with every feature of `profiles`. */
function replaying(profiles: readonly string[]): string {
  const features = profiles.flatMap((p) => {
    const parsed = parseProfile(p.replace(/^vendor\+/, ''))
    return parsed.ok ? parsed.features : []
  })
  const name = profileName([...new Set(features)])
  return name.replace(/^vendor\+/, '')
}
