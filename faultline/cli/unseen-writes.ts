// Entries of the working directory that changed
// while a campaign ran. The write guard sees fs;
// a native addon (better-sqlite3 on a file) writes
// unseen, and what it keeps outlives runs and
// commands, whose runs have the same ids.
import { lstatSync, readdirSync } from 'node:fs'
import { isAbsolute, relative, sep } from 'node:path'

/** Names shown in the note, at most. */
const SHOWN = 4

type Stamps = Map<string, string>

function stamps(cwd: string): Stamps {
  const out: Stamps = new Map()
  let names: string[]
  try {
    names = readdirSync(cwd)
  } catch {
    return out // unreadable: nothing to compare
  }
  for (const name of names) {
    try {
      const s = lstatSync(`${cwd}${sep}${name}`)
      out.set(name, `${s.mtimeMs}:${s.size}`)
    } catch {
      // gone since listed
    }
  }
  return out
}

/**
 * Watch `cwd` from now; `note(outputs)` is one
 * line naming what changed, leaving out the
 * corpus and the report files, or null.
 */
export function watchWorkingDir(cwd: string): { note(outputs: readonly (string | undefined)[]): string | null } {
  const before = stamps(cwd)
  return {
    note(outputs) {
      const ours = new Set(['.faultline'])
      for (const o of outputs) {
        if (o === undefined) continue
        const rel = isAbsolute(o) ? relative(cwd, o) : o
        if (!rel.startsWith('..')) ours.add(rel.split(/[\\/]/)[0]!)
      }
      const changed = [...stamps(cwd)]
        .filter(([name, stamp]) => !ours.has(name) && before.get(name) !== stamp)
        .map(([name]) => name)
        .sort()
      if (changed.length === 0) return null
      const named =
        changed.slice(0, SHOWN).join(', ') + (changed.length > SHOWN ? ` and ${changed.length - SHOWN} more` : '')
      return `faultline: ${named} changed in the working directory while the campaign ran, with no write faultline saw (a native addon, such as better-sqlite3 on a file?): state kept there outlives runs and commands (the next command's runs have the same ids); keep it in ctx.storage`
    },
  }
}
