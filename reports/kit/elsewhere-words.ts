// Corpus entries of another profile or other
// vendors, not replayed: a probe's team saw a
// hostile entry fail its vendor gate, another
// a Square entry fail its Stripe tool's gate.
import type { CorpusElsewhere } from '../../harness/campaign/report-schema.ts'
import { vendorsFlag } from '../../harness/contract/vendors.ts'
import { parseProfile, profileName } from '../../harness/scenario/profile.ts'

/** `1 corpus entry saved under profile hostile …`. */
export function elsewhereWords(entries: readonly CorpusElsewhere[]): string {
  const byVendors = entries.filter((e) => e.vendors !== undefined)
  const byProfile = entries.filter((e) => e.vendors === undefined)
  const parts: string[] = []
  if (byProfile.length) {
    const profiles = [...new Set(byProfile.map((e) => e.profile))]
    parts.push(
      `${counted(byProfile)} saved under profile ${profiles.join(', ')}, with behaviour the real vendors lack: gate with --profile ${replaying(profiles)} to replay ${them(byProfile)}`,
    )
  }
  if (byVendors.length) {
    const pairs = [...new Set(byVendors.map((e) => e.vendors!))]
    // Saved under a hostile profile too: that
    // gate needs its --profile as well.
    const gateFor = (pair: string) => {
      const profiles = [...new Set(byVendors.filter((e) => e.vendors === pair).map((e) => e.profile))]
      const features = replaying(profiles)
      return `--vendors ${vendorsFlag(pair)}${features === 'vendor' ? '' : ` --profile ${features}`}`
    }
    parts.push(
      `${counted(byVendors)} saved under vendors ${pairs.join(', ')}, which this gate does not play: gate with ${pairs.map(gateFor).join(' or ')} to replay ${them(byVendors)}`,
    )
  }
  return parts.join('; ')
}

/** What one entry's line says it was saved under. */
export function savedUnder(e: CorpusElsewhere): string {
  return e.vendors === undefined ? e.profile : `${e.vendors}, ${e.profile}`
}

const counted = (e: readonly unknown[]) => `${e.length} corpus entr${e.length === 1 ? 'y' : 'ies'}`
const them = (e: readonly unknown[]) => (e.length === 1 ? 'it' : 'them')

/** One --profile with every feature of `profiles`. */
function replaying(profiles: readonly string[]): string {
  const features = profiles.flatMap((p) => {
    const parsed = parseProfile(p.replace(/^vendor\+/, ''))
    return parsed.ok ? parsed.features : []
  })
  const name = profileName([...new Set(features)])
  return name.replace(/^vendor\+/, '')
}
