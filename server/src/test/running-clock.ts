/**
 * An app clock (createTestApp's `now`) that reads `instant` when it is made and runs on with real
 * time from there: a test fixes the hour of the day it runs at (which restaurants are open, which
 * service day it is) while real time still passes for what needs it (a cache's one-second trust).
 */
export function runningClockFrom(instant: string): () => Date {
  const startedAt = Date.now()
  const start = Date.parse(instant)
  return () => new Date(start + (Date.now() - startedAt))
}
