// Corpus entries of another profile, not
// replayed: a probe's team saw a hostile
// entry fail its vendor gate, and moved it.
import type { CorpusElsewhere } from '../../harness/campaign/report-schema.ts'

/** `1 corpus entry saved under profile hostile …`. */
export function elsewhereWords(entries: readonly CorpusElsewhere[]): string {
  const profiles = [...new Set(entries.map((e) => e.profile))]
  const n = entries.length
  const them = n === 1 ? 'it' : 'them'
  const what = `${n} corpus entr${n === 1 ? 'y' : 'ies'} saved under profile ${profiles.join(', ')}`
  const flags = profiles.map((p) => `--profile ${p.replace(/^vendor\+/, '')}`).join(' or ')
  return `${what}, with behaviour the real vendors lack: gate with ${flags} to replay ${them}`
}
