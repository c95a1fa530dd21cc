// Functions of fs's binding, kept to be put
// back: fs.readSync and fs.writeSync look them
// up at each call, and process.binding('fs')
// hands the executor that same object (a
// replaced writeBuffer rewrote a run's results).

const define = Reflect.defineProperty
const describe = Reflect.getOwnPropertyDescriptor
const setPrototypeOf = Reflect.setPrototypeOf

export interface KeptBinding {
  /** Put back as kept; false if one cannot be. */
  restore(): boolean
}

/** `names` as they are now (those there). */
export function keptBinding(names: readonly ('read' | 'writeBuffer')[]): KeptBinding {
  let binding: object
  try {
    binding = (process as unknown as { binding(name: string): object }).binding('fs')
  } catch {
    return { restore: () => true } // no process.binding here
  }
  const kept: [string, PropertyDescriptor][] = []
  for (const name of names) {
    const d = describe(binding, name)
    // Bare: a `get` put on Object.prototype is
    // not read into it as it is put back.
    if (d === undefined) continue
    setPrototypeOf(d, null)
    kept[kept.length] = [name, d]
  }
  return {
    restore() {
      let ok = true
      for (let i = 0; i < kept.length; i++) ok = define(binding, kept[i]![0], kept[i]![1]) && ok
      return ok
    },
  }
}
