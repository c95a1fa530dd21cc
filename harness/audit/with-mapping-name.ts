// How the reference with a mapping plugged in is named.
import { basename, extname } from 'node:path'

/** `reference+<module file name>`. */
export function withMappingName(mappingPath: string): string {
  return `reference+${basename(mappingPath, extname(mappingPath))}`
}
