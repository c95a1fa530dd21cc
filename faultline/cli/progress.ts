// The progress line on a terminal's stderr, redrawn at
// most 10×/s. Real time is read here, never in the engine.
// No colour under NO_COLOR (no-color.org) or TERM=dumb.
import { realNow } from '../../harness/sim/real-clock.ts'
import type { JobProgress, OnProgress } from '../../harness/jobs/progress.ts'
import type { Io } from './io.ts'
import { term } from '../../reports/escape/terminal.ts'

const RED = '\u001b[31m'
const DIM = '\u001b[2m'
const RESET = '\u001b[0m'
/** Carriage return, then erase the whole line. */
const CLEAR = '\r\u001b[2K'

export class Progress {
  readonly #tty: NonNullable<Io['tty']>
  readonly #now: () => number
  readonly #color: boolean
  readonly #total: number
  readonly #started: number
  #label: string
  #done = 0
  #failing = 0
  #doing = ''
  #drawn = -Infinity
  #shown = false

  constructor(tty: NonNullable<Io['tty']>, now: () => number, color: boolean, label: string, total: number) {
    this.#tty = tty
    this.#now = now
    this.#color = color
    // Labels carry names and judges: escaped.
    this.#label = term(label)
    this.#total = total
    this.#started = now()
  }

  /** A run finished. */
  run(failed: boolean): void {
    this.#done++
    if (failed) this.#failing++
    this.#doing = ''
    this.#draw(false)
  }

  /** Work that is not a run (shrinking); drawn at once. */
  doing(what: string): void {
    this.#doing = term(what)
    this.#draw(true)
  }

  /** Another label (the executor a comparison is on). */
  label(label: string): void {
    this.#label = term(label)
  }

  /** Clear the line (the report follows). */
  end(): void {
    if (this.#shown) this.#tty.write(CLEAR)
    this.#shown = false
  }

  /** The line as drawn, without colour. */
  line(): string {
    const elapsed = (this.#now() - this.#started) / 1000
    const rate = elapsed > 0 ? this.#done / elapsed : 0
    const left = this.#total - this.#done
    const eta = rate > 0 && left > 0 ? ` · ETA ${duration(left / rate)}` : ''
    const failing = `${this.#failing} failing`
    return `${this.#label} ${this.#done}/${this.#total} runs · ${this.#color && this.#failing ? `${RED}${failing}${RESET}` : failing} · ${rate.toFixed(1)} runs/s${eta}${this.#doing ? ` · ${this.#color ? `${DIM}${this.#doing}${RESET}` : this.#doing}` : ''}`
  }

  #draw(force: boolean): void {
    const now = this.#now()
    if (!force && now - this.#drawn < 100 && this.#done < this.#total) return
    this.#drawn = now
    this.#shown = true
    this.#tty.write(`${CLEAR}${fitWidth(this.line(), this.#tty.columns - 1)}`)
  }
}

/** A progress line when stderr is a terminal, else null (nothing is drawn). */
export function progressOn(io: Io, label: string, total: number): Progress | null {
  if (!io.tty) return null
  const env = io.env ?? process.env
  const color = (env.NO_COLOR === undefined || env.NO_COLOR === '') && env.TERM !== 'dumb'
  return new Progress(io.tty, io.now ?? realNow, color, label, total)
}

/** A job's progress, drawn on the terminal; `done()` prints the closing line. */
export interface CliProgress {
  readonly onProgress: OnProgress
  /** The real-time line on stderr, once the report is out. */
  done(): void
}

export function progressTo(io: Io): CliProgress {
  let line: Progress | null = null
  let timing: Extract<JobProgress, { kind: 'timing' }> | null = null
  const onProgress: OnProgress = (e) => {
    if (e.kind === 'start') line = progressOn(io, e.label, e.total)
    else if (e.kind === 'label') line?.label(e.label)
    else if (e.kind === 'run') line?.run(e.failed)
    else if (e.kind === 'doing') line?.doing(e.what)
    else if (e.kind === 'end') line?.end()
    else timing = e
  }
  return {
    onProgress,
    done() {
      if (!timing) return
      const faster = timing.medianSpeedup
        ? `, the median run ${Math.round(timing.medianSpeedup)}× faster than simulated time`
        : ''
      io.err(`faultline: ${timing.runs} run(s) in ${(timing.realMs / 1000).toFixed(2)} s of real time${faster}`)
    },
  }
}

function duration(s: number): string {
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`
  const m = Math.floor(s / 60)
  return m < 60 ? `${m} min ${Math.round(s % 60)} s` : `${Math.floor(m / 60)} h ${m % 60} min`
}

/** Cut to the width: a wrapped line cannot be redrawn. */
function fitWidth(line: string, width: number): string {
  let visible = 0
  let out = ''
  for (const part of line.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith('\u001b[')) {
      out += part
      continue
    }
    const room = Math.max(0, width - visible)
    out += [...part].slice(0, room).join('')
    visible += Math.min(room, [...part].length)
  }
  return line.includes('\u001b[') ? `${out}${RESET}` : out
}
