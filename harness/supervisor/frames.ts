// Messages on a pipe between the supervisor
// and a run worker or its host, with no relay:
// written as frame-layout.mjs lays them out.
import { Deserializer } from 'node:v8'
import { SEAL_BYTES } from './frame-layout.mjs'

export { frame, SEAL_BYTES, writeFrame } from './frame-layout.mjs'

// Kept as loaded: the executor shares the
// worker's builtins and may replace them
// (v8.deserialize looks up readValue at each
// call; a replaced one rewrote a scenario).
const apply = Reflect.apply
const { readHeader, readValue } = Deserializer.prototype
// The import is live (syncBuiltinESMExports).
const KeptDeserializer = Deserializer
const define = Reflect.defineProperty
const construct = Reflect.construct
const create = Object.create
const set = Uint8Array.prototype.set
const U8 = Uint8Array
const typedArray = Object.getPrototypeOf(U8.prototype) as object
const getter = (key: string) => Object.getOwnPropertyDescriptor(typedArray, key)!.get!
const lengthOf = getter('length')
const bufferOf = getter('buffer')
const offsetOf = getter('byteOffset')

/** Bytes `from`..`to` of `bytes`, not copied. */
function view(bytes: Uint8Array, from: number, to: number): Uint8Array {
  return new U8(apply(bufferOf, bytes, []) as ArrayBuffer, (apply(offsetOf, bytes, []) as number) + from, to - from)
}

/**
 * `value` at the end of `list`, defined: a
 * setter on Array.prototype sees nothing (nor
 * does a `get` there, the descriptor bare).
 */
export function append(list: unknown[], value: unknown): void {
  const d = create(null) as PropertyDescriptor
  d.value = value
  d.writable = true
  d.enumerable = true
  d.configurable = true
  define(list, list.length, d)
}

/**
 * Its instances' prototype: Node's constructor
 * sets `buffer`, and a setter on Deserializer's
 * prototype (or Object's) got a run's bytes.
 */
function Instance() {}
Instance.prototype = Object.create(null, { buffer: { value: null, writable: true } })

/** A frame's body as its message. */
function decode(body: Uint8Array): unknown {
  const deserializer = construct(KeptDeserializer, [body], Instance) as object
  apply(readHeader, deserializer, [])
  return apply(readValue, deserializer, [])
}

/**
 * Past this a length is no frame's: text
 * written into the pipe reads as >= 512 MiB.
 */
export const MAX_FRAME_BYTES = 2 ** 28
/** V8's serialisation starts with it. */
const VERSION_TAG = 0xff

/**
 * Bytes that are no frame, after `before`:
 * the messages whole ahead of them.
 */
export class NotAFrame extends Error {
  constructor(
    message: string,
    readonly before: readonly unknown[],
  ) {
    super(message)
  }
}

/**
 * A stream's chunks, cut into messages (with
 * the kept methods: it reads a worker's runs).
 * Sealed: each body starts with the pipe's
 * seal, named by the first frame (no message).
 */
export class FrameReader {
  #chunks: Uint8Array[] = []
  #buffered = 0
  #seal: Uint8Array | null = null
  /** Where V8's bytes start in a frame. */
  readonly #v8At: number

  constructor(readonly sealed = false) {
    this.#v8At = sealed ? 4 + SEAL_BYTES : 4
  }

  /**
   * The messages `chunk` completes; throws
   * NotAFrame if the bytes are none.
   */
  read(chunk: Uint8Array): unknown[] {
    const messages: unknown[] = []
    try {
      this.#cut(chunk, messages)
    } catch (e) {
      throw new NotAFrame((e as Error).message, messages)
    }
    return messages
  }

  #cut(chunk: Uint8Array, messages: unknown[]): void {
    append(this.#chunks, chunk)
    this.#buffered += apply(lengthOf, chunk, []) as number
    const at = this.#v8At
    while (this.#buffered >= 4) {
      // Joined once whole: a big one comes in
      // many chunks.
      if ((apply(lengthOf, this.#chunks[0]!, []) as number) <= at) this.#join()
      const head = this.#chunks[0]!
      const n = (head[0]! | (head[1]! << 8) | (head[2]! << 16) | (head[3]! << 24)) >>> 0
      if (n > MAX_FRAME_BYTES) throw new Error(`not a frame: a length of ${n} bytes`)
      // Checked as soon as they are in: bytes
      // that are no frame never leave it waiting.
      const have = apply(lengthOf, head, []) as number
      const seal = this.#seal
      if (seal !== null)
        for (let i = 4; i < at && i < have; i++) if (head[i] !== seal[i - 4]) throw new Error('not a frame: not sealed')
      if (have > at && head[at] !== VERSION_TAG) throw new Error('not a frame: no V8 header')
      if (n < at - 4 + 1) throw new Error('not a frame: too short')
      if (this.#buffered < 4 + n) break
      const all = this.#chunks.length === 1 ? this.#chunks[0]! : this.#join()
      const size = apply(lengthOf, all, []) as number
      this.#chunks = size > 4 + n ? [view(all, 4 + n, size)] : []
      this.#buffered = size - 4 - n
      if (this.sealed && seal === null) {
        // The first: it names the seal.
        this.#seal = new U8(SEAL_BYTES)
        apply(set, this.#seal, [view(all, 4, at)])
      } else append(messages, decode(view(all, at, 4 + n)))
    }
  }

  #join(): Uint8Array {
    const all = new U8(this.#buffered)
    let at = 0
    for (let i = 0; i < this.#chunks.length; i++) {
      const chunk = this.#chunks[i]!
      apply(set, all, [chunk, at])
      at += apply(lengthOf, chunk, []) as number
    }
    this.#chunks = [all]
    return all
  }
}
