// Messages on a pipe between the supervisor
// and a run worker or its host, with no relay:
// written as frame-layout.mjs lays them out.
import { deserialize } from 'node:v8'

export { frame, writeFrame } from './frame-layout.mjs'

// Kept as loaded: the executor shares the
// worker's builtins and may replace them.
const decode = deserialize

/**
 * Past this a length is no frame's: text
 * written into the pipe reads as >= 512 MiB.
 */
export const MAX_FRAME_BYTES = 2 ** 28
/** V8's serialisation starts with it. */
const VERSION_TAG = 0xff

/** A stream's chunks, cut into messages. */
export class FrameReader {
  #chunks: Buffer[] = []
  #buffered = 0

  /** The messages `chunk` completes; throws if the bytes are none. */
  read(chunk: Buffer): unknown[] {
    const messages: unknown[] = []
    this.#chunks.push(chunk)
    this.#buffered += chunk.length
    while (this.#buffered >= 4) {
      // Joined once whole: a big one comes in
      // many chunks.
      if (this.#chunks[0]!.length < 5) this.#join()
      const head = this.#chunks[0]!
      const n = head.readUInt32LE(0)
      if (n > MAX_FRAME_BYTES) throw new Error(`not a frame: a length of ${n} bytes`)
      // Checked as soon as it is in: bytes that
      // are no frame never leave it waiting.
      if (head.length > 4 && head[4] !== VERSION_TAG) throw new Error('not a frame: no V8 header')
      if (this.#buffered < 4 + n) break
      const all = this.#chunks.length === 1 ? this.#chunks[0]! : this.#join()
      const rest = all.subarray(4 + n)
      this.#chunks = rest.length > 0 ? [rest] : []
      this.#buffered = rest.length
      messages.push(decode(all.subarray(4, 4 + n)))
    }
    return messages
  }

  #join(): Buffer {
    const all = Buffer.concat(this.#chunks, this.#buffered)
    this.#chunks = [all]
    return all
  }
}
