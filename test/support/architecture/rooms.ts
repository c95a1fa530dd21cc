// Where a path lives (its room: `harness/<room>`,
// else its top-level folder), and where a
// reference written in a file points.
import { posix } from 'node:path'
import { MANIFEST, PACKAGE_NAME, ROOT_ROOM } from './rules.ts'
import type { Reference } from './scan-imports.ts'

/** The room of a file, or of a folder (`folder` true). */
export function roomOf(path: string, folder = false): string {
  const parts = path.split('/').filter((p) => p !== '' && p !== '.')
  if (!folder) parts.pop()
  if (parts.length === 0) return ROOT_ROOM
  if (parts[0] === 'harness') return parts.length > 1 ? `harness/${parts[1]}` : 'harness'
  return parts[0]!
}

export interface Target {
  /** From the root; a leading `..` leaves the repo. */
  readonly path: string
  readonly folder: boolean
}

/**
 * Where a reference from `file` points; undefined for
 * another package (`node:fs`) or one unreadable. The
 * package's own name points at the face, and
 * `faultline/package.json` at the manifest.
 */
export function targetOf(file: string, ref: Reference): Target | undefined {
  let spec = ref.specifier
  if (spec.startsWith('file:')) return undefined // an absolute URL: not a path in the tree
  if (spec === `${PACKAGE_NAME}/${MANIFEST}`) return { path: MANIFEST, folder: false }
  if (spec === PACKAGE_NAME || spec.startsWith(`${PACKAGE_NAME}/`))
    return { path: `faultline/${spec.slice(PACKAGE_NAME.length + 1)}`.replace(/\/$/, ''), folder: true }
  if (!spec.startsWith('./') && !spec.startsWith('../') && spec !== '.' && spec !== '..') return undefined
  if (spec === '.' || spec === '..') spec += '/'
  const path = posix.normalize(posix.join(posix.dirname(file), spec))
  return { path: path.replace(/\/$/, ''), folder: ref.folder || spec.endsWith('/') }
}
