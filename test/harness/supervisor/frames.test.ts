// A worker's messages cross a pipe in frames:
// however the bytes are cut into chunks, the
// messages come out whole and in order, and
// bytes that are no frame are refused.
import { closeSync, openSync, readFileSync } from 'node:fs'
import v8 from 'node:v8'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  FrameReader,
  frame,
  MAX_FRAME_BYTES,
  NotAFrame,
  SEAL_BYTES,
  writeFrame,
} from '../../../harness/supervisor/frames.ts'
import { scratchDir } from '../../support/scratch.ts'

const MESSAGES = [
  { type: 'run', task: 1, scenario: { seed: 7, plan: [{ stepId: 's1', args: { amount: 49.9 } }] } },
  { type: 'done', task: 1, realMs: 1.5, journal: { task: 1, text: '{"seq":0},' } },
  { type: 'idle', task: 1, recycle: null },
  { type: 'events', task: 2, events: [{ seq: 0, note: 'ünïcödé', missing: undefined }] },
]

/** MESSAGES by writeFrame into a file, read back. */
function writtenToFile(name: string): Buffer {
  const path = join(scratchDir('frames'), name)
  const fd = openSync(path, 'w')
  try {
    for (const m of MESSAGES) writeFrame(fd, m)
  } finally {
    closeSync(fd)
  }
  return readFileSync(path)
}

/** A byteLength getter that zeroes what it sees. */
function zeroing(get: (this: unknown) => number) {
  return function (this: Uint8Array) {
    const n = get.call(this)
    for (let i = 0; i < n; i++) this[i] = 0
    return n
  }
}

/** Every message of `bytes`, fed in chunks of `size`. */
function readInChunks(bytes: Buffer, size: number): unknown[] {
  const reader = new FrameReader()
  const out: unknown[] = []
  for (let at = 0; at < bytes.length; at += size) out.push(...reader.read(bytes.subarray(at, at + size)))
  return out
}

describe('frames', () => {
  const stream = Buffer.concat(MESSAGES.map((m) => frame(m)))

  it('come out whole and in order wherever the chunks are cut', () => {
    for (let size = 1; size <= stream.length; size++) expect(readInChunks(stream, size)).toEqual(MESSAGES)
  })

  it('keep what structured clone keeps (undefined stays a key)', () => {
    const events = readInChunks(stream, stream.length)[3] as { events: object[] }
    expect(Object.hasOwn(events.events[0]!, 'missing')).toBe(true)
  })

  it('carry a big message in many chunks', () => {
    const journal = { task: 3, text: 'x'.repeat(3 * 2 ** 20) }
    expect(readInChunks(Buffer.from(frame({ type: 'done', journal })), 65_536)).toEqual([{ type: 'done', journal }])
  })

  it('are written whole to a file descriptor', () => {
    expect(new FrameReader().read(writtenToFile('pipe.bin'))).toEqual(MESSAGES)
  })

  it('are written and read with what was kept as they loaded: an executor replacing the methods rewrites nothing', () => {
    const typedArray = Object.getPrototypeOf(Uint8Array.prototype) as { subarray: unknown }
    const replaced = [
      [v8.Serializer.prototype, 'writeValue', () => true],
      [v8.Deserializer.prototype, 'readValue', () => ({ type: 'forged' })],
      [typedArray, 'subarray', () => Buffer.from('forged')],
      [Buffer.prototype, 'readUInt32LE', () => 0],
      [Buffer, 'concat', () => Buffer.from('forged')],
      // fs.writeSync reads it: a getter got the bytes.
      [typedArray, 'byteLength', undefined],
    ] as const
    const kept = replaced.map(([target, key]) => Object.getOwnPropertyDescriptor(target, key)!)
    let written: Uint8Array
    try {
      replaced.forEach(([target, key, forged], i) =>
        Object.defineProperty(
          target,
          key,
          forged ? { value: forged, configurable: true } : { get: zeroing(kept[i]!.get!), configurable: true },
        ),
      )
      expect(new FrameReader().read(new Uint8Array(writtenToFile('kept.bin')))).toEqual(MESSAGES)
      written = Uint8Array.from([...MESSAGES.map((m) => frame(m))].flatMap((f) => [...f]))
      const reader = new FrameReader()
      const out: unknown[] = []
      for (let at = 0; at < written.length; at += 7) out.push(...reader.read(new Uint8Array(written.slice(at, at + 7))))
      expect(out).toEqual(MESSAGES)
    } finally {
      replaced.forEach(([target, key], i) => Object.defineProperty(target, key, kept[i]!))
    }
    expect(Buffer.from(written)).toEqual(stream)
  })

  it('are read with no setter on Array.prototype or Deserializer.prototype handed a message or its bytes', () => {
    const bytes = new Uint8Array(stream)
    let handed = 0
    let out: unknown[] = []
    // A count, not a list: a list's push would
    // call the setter on index 0 itself.
    const spy = {
      configurable: true,
      set(this: object, value: unknown) {
        handed++
        Object.defineProperty(this, '0', { value, writable: true, enumerable: true, configurable: true })
      },
    }
    Object.defineProperty(Array.prototype, '0', spy)
    Object.defineProperty(v8.Deserializer.prototype, 'buffer', spy)
    try {
      out = new FrameReader().read(bytes)
    } finally {
      delete (Array.prototype as unknown as Record<string, unknown>)[0]
      delete (v8.Deserializer.prototype as unknown as Record<string, unknown>).buffer
    }
    expect(handed).toBe(0)
    expect(out).toEqual(MESSAGES)
  })

  it('refuse text at its fifth byte even when it comes in two writes, and a length past the largest', () => {
    const reader = new FrameReader()
    expect(reader.read(Buffer.from('abc\n'))).toEqual([])
    expect(() => reader.read(Buffer.from('more'))).toThrow(/no V8 header/)
    const huge = Buffer.alloc(5)
    huge.writeUInt32LE(MAX_FRAME_BYTES + 1, 0)
    expect(() => new FrameReader().read(huge.subarray(0, 4))).toThrow(/a length of/)
  })

  it('refuse text written into the pipe, and a body that is no message', () => {
    expect(() => new FrameReader().read(Buffer.from('garbage from the executor\n'))).toThrow(/not a frame/)
    // A short length with text after it: refused
    // at its fifth byte, not awaited.
    expect(() => new FrameReader().read(Buffer.from('abc\nmore'))).toThrow(/no V8 header/)
    const bogus = Buffer.from([4, 0, 0, 0, 0xff, 2, 3, 4])
    expect(() => new FrameReader().read(bogus)).toThrow()
    expect(Buffer.from('    ').readUInt32LE(0)).toBeGreaterThan(MAX_FRAME_BYTES)
  })
})

describe("sealed frames (a worker's)", () => {
  const seal = Uint8Array.from({ length: SEAL_BYTES }, (_, i) => i + 1)
  const named = frame({ type: 'seal' }, seal)
  /** A reader that has read the seal's name. */
  const sealedReader = () => {
    const reader = new FrameReader(true)
    expect(reader.read(named)).toEqual([])
    return reader
  }

  it('name the seal in the first frame, then bear it: the messages come out without it, wherever cut', () => {
    const bytes = Buffer.concat([named, ...MESSAGES.map((m) => frame(m, seal))])
    for (const size of [1, 7, SEAL_BYTES + 3, bytes.length]) {
      const reader = new FrameReader(true)
      const out: unknown[] = []
      for (let at = 0; at < bytes.length; at += size) out.push(...reader.read(bytes.subarray(at, at + size)))
      expect(out).toEqual(MESSAGES)
    }
  })

  it('refuse a frame without the seal, or with another', () => {
    const forged = Uint8Array.from(seal, (b) => b ^ 1)
    for (const last of [frame(MESSAGES[2]), frame(MESSAGES[2], forged)]) {
      const reader = sealedReader()
      expect(reader.read(frame(MESSAGES[1], seal))).toEqual([MESSAGES[1]])
      expect(() => reader.read(last)).toThrow(/not a frame/)
    }
  })

  // Lost with them, a run's `done` made a
  // leftover's garbage that run's finding.
  it('read in one chunk with bytes that are none, the sealed ones ahead are handed over with the refusal', () => {
    const reader = sealedReader()
    const chunk = Buffer.concat([frame(MESSAGES[1], seal), Buffer.from('garbage from a leftover\n')])
    const refusal = (() => {
      try {
        reader.read(chunk)
      } catch (e) {
        return e
      }
    })()
    expect(refusal).toBeInstanceOf(NotAFrame)
    expect((refusal as NotAFrame).before).toEqual([MESSAGES[1]])
  })

  it("refuse a length written around the worker's next frame (its seal then inside another's body)", () => {
    const mine = v8.serialize(MESSAGES[1])
    const theirs = frame(MESSAGES[2], seal)
    const head = Buffer.alloc(4)
    head.writeUInt32LE(mine.length + theirs.length, 0)
    expect(() => sealedReader().read(Buffer.concat([head, mine, theirs]))).toThrow(/not sealed/)
  })

  it('refuse text at once, not waiting for its length', () => {
    expect(() => sealedReader().read(Buffer.from('abc\nmore'))).toThrow(/not sealed/)
  })

  it('are no frames to a plain reader, and a plain one names no seal', () => {
    expect(() => new FrameReader().read(frame(MESSAGES[0], seal))).toThrow(/no V8 header/)
    expect(() => new FrameReader(true).read(frame(null))).toThrow(/too short/)
  })
})
