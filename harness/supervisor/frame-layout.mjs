// A frame's layout, in plain JS: the host
// process writes them without tsx (frames.ts
// reads them). A u32 length (LE), a worker's
// seal (SEAL_BYTES), then V8's serialization
// (as IPC's 'advanced'). The seal leads: only
// the worker writes it after its own length.
import { writeSync } from 'node:fs'
import { Serializer } from 'node:v8'

// Kept as loaded: the executor shares the
// worker's builtins and may replace them.
const apply = Reflect.apply
const write = writeSync
// v8.serialize looks these up at each call:
// a replaced writeValue rewrote a result.
const { writeHeader, writeValue, releaseBuffer } = Serializer.prototype
// The import is live (syncBuiltinESMExports).
const KeptSerializer = Serializer
const define = Reflect.defineProperty
const create = Object.create
const set = Uint8Array.prototype.set
const U8 = Uint8Array
const lengthOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(U8.prototype), 'length').get

/** A worker's secret, in each frame it writes. */
export const SEAL_BYTES = 16

/**
 * V8's serialization by the methods kept
 * (plain data only: no host objects).
 */
function encode(message) {
  const serializer = new KeptSerializer()
  apply(writeHeader, serializer, [])
  apply(writeValue, serializer, [message])
  return apply(releaseBuffer, serializer, [])
}

/** `message` as one frame, after `seal` if given. */
export function frame(message, seal = null) {
  const body = encode(message)
  const at = seal === null ? 4 : 4 + SEAL_BYTES
  const n = apply(lengthOf, body, []) + at - 4
  const out = new U8(4 + n)
  out[0] = n & 0xff
  out[1] = (n >>> 8) & 0xff
  out[2] = (n >>> 16) & 0xff
  out[3] = n >>> 24
  if (seal !== null) apply(set, out, [seal, 4])
  apply(set, out, [body, at])
  return out
}

/**
 * Into a blocking fd, whole, before this
 * returns: a thread that dies next has said it.
 */
export function writeFrame(fd, message, seal = null) {
  const bytes = frame(message, seal)
  const n = apply(lengthOf, bytes, [])
  // fs.writeSync reads byteLength: its getter
  // is shared, and would get the bytes.
  const own = create(null)
  own.value = n
  define(bytes, 'byteLength', own)
  for (let at = 0; at < n; ) at += write(fd, bytes, at, n - at)
}
