// A run's task id, at random: a result forged
// into a worker's pipe cannot name the run in
// flight (the journal, which holds it, is out
// of the executor's reach), and one naming
// another task is the run's finding (pool.ts).
import { randomInt } from 'node:crypto'

/** 1 to 2^31 - 2: an Int32 in the journal. */
export const newTask = (): number => randomInt(1, 2 ** 31 - 1)
