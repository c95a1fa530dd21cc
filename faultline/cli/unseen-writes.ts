// Entries of the working directory that changed
// while a campaign ran. The write guard sees fs;
// a native addon (better-sqlite3 on a file) writes
// unseen, and what it keeps outlives runs and
// commands, whose runs have the same ids.
import { fstatSync, lstatSync, readdirSync } from 'node:fs'
import { isAbsolute, relative, sep } from 'node:path'

/** Names shown in the note, at most. */
const SHOWN = 4

type Stamps = Map<string, string>

/** A file's identity: device and inode. */
type FileId = string

/**
 * The files `fds` write to (`> report.json`
 * in the working directory is ours, not the
 * executor's).
 */
function streamFiles(fds: readonly number[]): Set<FileId> {
  const out = new Set<FileId>()
  for (const fd of fds) {
    try {
      const s = fstatSync(fd)
      if (s.isFile()) out.add(`${s.dev}:${s.ino}`)
    } catch {
      // closed, or no file: nothing to leave out
    }
  }
  return out
}

function stamps(cwd: string, streams: ReadonlySet<FileId>): Stamps {
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
      if (!streams.has(`${s.dev}:${s.ino}`)) out.set(name, `${s.mtimeMs}:${s.size}`)
    } catch {
      // gone since listed
    }
  }
  return out
}

/**
 * Watch `cwd` from now; `note(outputs)` is one
 * line naming what changed, leaving out the
 * corpus, the report files and the files our
 * stdout and stderr (`fds`) go to, or null.
 */
export function watchWorkingDir(
  cwd: string,
  fds: readonly number[] = [1, 2],
): { note(outputs: readonly (string | undefined)[]): string | null } {
  const streams = streamFiles(fds)
  const before = stamps(cwd, streams)
  return {
    note(outputs) {
      const ours = new Set(['.faultline'])
      for (const o of outputs) {
        if (o === undefined) continue
        const rel = isAbsolute(o) ? relative(cwd, o) : o
        if (!rel.startsWith('..')) ours.add(rel.split(/[\\/]/)[0]!)
      }
      const changed = [...stamps(cwd, streams)]
        .filter(([name, stamp]) => !ours.has(name) && before.get(name) !== stamp)
        .map(([name]) => name)
        .sort()
      if (changed.length === 0) return null
      const named =
        changed.slice(0, SHOWN).join(', ') + (changed.length > SHOWN ? ` and ${changed.length - SHOWN} more` : '')
      return `faultline: ${named} changed in the working directory while the campaign ran, with no write faultline saw (a native addon, such as better-sqlite3 on a file, or another command run there meanwhile?): state kept there outlives runs and commands (the next command's runs have the same ids); keep it in ctx.storage`
    },
  }
}
