// One seeded random source per run: every
// stream derives from the scenario's seed, so
// the same seed gives the same history.
import seedrandom from 'seedrandom'

export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max] inclusive. */
  int(min: number, max: number): number
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T
  /** `n` random bytes. */
  bytes(n: number): Uint8Array
}

export function createRng(seed: number | string, stream = 'main'): Rng {
  const prng = seedrandom(`${seed}:${stream}`)
  const next = () => prng.quick()
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('Rng.pick: empty array')
      return items[Math.floor(next() * items.length)] as (typeof items)[number]
    },
    bytes: (n) => {
      const out = new Uint8Array(n)
      for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256)
      return out
    },
  }
}

/** Each byte's two hex digits. */
const HEX = Array.from({ length: 256 }, (_, x) => x.toString(16).padStart(2, '0'))

/** An RFC 4122 version-4 UUID drawn from `rng`. */
export function uuidFrom(rng: Rng): string {
  const b = rng.bytes(16)
  b[6] = ((b[6] as number) & 0x0f) | 0x40
  b[8] = ((b[8] as number) & 0x3f) | 0x80
  let h = ''
  for (let i = 0; i < 16; i++) h += (i === 4 || i === 6 || i === 8 || i === 10 ? '-' : '') + HEX[b[i]!]
  return h
}
