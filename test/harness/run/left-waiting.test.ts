// A stuck executor's finding names what it
// waits for: its last unanswered request.
import { describe, expect, it } from 'vitest'
import { leftWaiting } from '../../../harness/run/left-waiting.ts'
import { history } from '../judge/history-builder.ts'

describe('leftWaiting', () => {
  it('names the last request never answered, what it was, and the fault on it', () => {
    const h = history()
      .callStarted('r/s1')
      .attemptWith('r/s1', 1, { probe: true, path: '/v1/refunds?limit=1' })
      .answered('r/s1', 1, 200)
      .attemptWith('r/s1', 2, { probe: true, setup: true, method: 'POST', path: '/v1/oauth2/token' })
      .fault('r/s1', 2, 'probe', 'probe-timeout')
      .build()
    expect(leftWaiting(h)).toBe(
      ": its attempt 2, POST payments/v1/oauth2/token (a token request), struck by probe-timeout, was never answered, and nothing bounds the wait (give its client a timeout, or pass it the turn's signal)",
    )
  })

  it('says nothing when every request was answered', () => {
    const h = history().callStarted('r/s1').attempt('r/s1', 1).answered('r/s1', 1, 200).build()
    expect(leftWaiting(h)).toBe('')
  })
})
