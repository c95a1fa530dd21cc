// Ending a campaign early: --max-time, SIGINT or
// SIGTERM abort the job's signal, and the job
// returns the verdict so far. The clock and the
// signals are the command line's, not the engine's.
import { maxTimeCut, signalCut } from '../../harness/jobs/cut.ts'
import type { ReportCut } from '../../harness/campaign/report-schema.ts'
import type { Io } from './io.ts'
import { int } from './options.ts'

/** `--max-time <ms>`: the campaign's real-time budget. */
export const MAX_TIME = { 'max-time': { type: 'string' } } as const

/** 128 + the signal's number, as a shell reports it. */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const

export interface CampaignStop {
  readonly signal: AbortSignal
  /** 130 or 143 for an interrupted report, else null. */
  exitCode(report: { readonly cut?: ReportCut | undefined }): number | null
  /** Handlers and timer removed: the command is done. */
  dispose(): void
}

/** The budget in ms, or null: none. */
export function maxTimeOption(value: unknown): number | null {
  return typeof value === 'string' ? int(value, 'max-time', 0, 1) : null
}

/**
 * Listen for SIGINT and SIGTERM, and start
 * the --max-time clock. A second signal
 * while finishing exits at once.
 */
export function campaignStop(io: Io, maxTimeMs: number | null): CampaignStop {
  const controller = new AbortController()
  let interrupts = 0
  const onSignal = (name: keyof typeof EXIT_CODES) => {
    // Once finishing, the caller wants out now;
    // the hosts end their groups when we go.
    if (interrupts++ > 0) process.exit(EXIT_CODES[name])
    io.err(
      `faultline: ${name}: no new run starts; finishing the runs in flight, then the verdict so far (${name === 'SIGINT' ? 'Ctrl-C' : 'a signal'} again quits at once)`,
    )
    const cut = signalCut(name, maxTimeMs)
    // After --max-time: the reason is ours, and
    // read when the job ends: it now says why.
    if (controller.signal.aborted) Object.assign(controller.signal.reason as ReportCut, cut)
    else controller.abort(cut)
  }
  const onInt = () => onSignal('SIGINT')
  const onTerm = () => onSignal('SIGTERM')
  process.on('SIGINT', onInt)
  process.on('SIGTERM', onTerm)
  const timer =
    maxTimeMs === null
      ? null
      : setTimeout(() => {
          io.err(`faultline: --max-time ${maxTimeMs} ms ran out: no new run starts; the verdict is on the runs made`)
          controller.abort(maxTimeCut(maxTimeMs))
        }, maxTimeMs)
  return {
    signal: controller.signal,
    exitCode(report) {
      const cut = report.cut
      return cut?.by === 'interrupted' && cut.signal ? EXIT_CODES[cut.signal] : null
    },
    dispose() {
      if (timer) clearTimeout(timer)
      process.off('SIGINT', onInt)
      process.off('SIGTERM', onTerm)
    },
  }
}
