// The report's colours. SVGs carry them as
// attributes, so a saved SVG looks the same;
// shapes and text repeat what they say.
import type { OutcomeStatus } from '../../harness/contract/envelope.ts'
import type { Tone } from './timeline-model.ts'

export const COLORS = {
  ink: '#1f2328',
  muted: '#6e7781',
  grid: '#d0d7de',
  lifeline: '#8c959f',
  laneHead: '#f6f8fa',
  pass: '#1a7f37',
  fail: '#cf222e',
  fault: '#b35900',
  faultFill: '#ffb000',
  faultBand: '#fff4d6',
  crash: '#cf222e',
  violation: '#c4122f',
  violationBand: '#ffe3e6',
  effect: '#6f42c1',
  effectFill: '#efe6fc',
  probe: '#0969da',
  succeeded: '#1a7f37',
  failed: '#57606a',
  unknown: '#9a6700',
  bar: '#54aeff',
  barJudge: '#fa7a5b',
} as const

export function statusColor(status: OutcomeStatus): string {
  return status === 'SUCCEEDED' ? COLORS.succeeded : status === 'UNKNOWN' ? COLORS.unknown : COLORS.failed
}

export function toneColor(tone: Tone): string {
  switch (tone) {
    case 'fault':
      return COLORS.fault
    case 'crash':
    case 'error':
      return COLORS.crash
    case 'probe':
      return COLORS.probe
    case 'succeeded':
      return COLORS.succeeded
    case 'failed':
      return COLORS.failed
    case 'unknown':
      return COLORS.unknown
    case 'muted':
      return COLORS.muted
    case 'effect':
      return COLORS.effect
    case 'plain':
      return COLORS.ink
  }
}
