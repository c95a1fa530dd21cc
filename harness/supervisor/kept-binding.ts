// A function of fs's binding, kept to be put
// back: fs.readSync and fs.writeSync look it up
// at each call, and process.binding('fs') hands
// the executor that same object (a replaced
// writeBuffer rewrote a run's results).

const define = Reflect.defineProperty
const describe = Reflect.getOwnPropertyDescriptor
const setPrototypeOf = Reflect.setPrototypeOf

export interface KeptBinding {
  /** Put back as kept; false if it cannot be. */
  restore(): boolean
}

/** `name` as it is now, or null if none. */
export function keptBinding(name: 'read' | 'writeBuffer'): KeptBinding | null {
  let binding: object
  try {
    binding = (process as unknown as { binding(name: string): object }).binding('fs')
  } catch {
    return null // no process.binding here
  }
  const kept = describe(binding, name)
  if (kept === undefined) return null
  // Bare: a `get` put on Object.prototype is
  // not read into it as it is put back.
  setPrototypeOf(kept, null)
  return { restore: () => define(binding, name, kept) }
}
