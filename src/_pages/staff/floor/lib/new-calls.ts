import type { FloorCall } from '@/shared/api'

/**
 * The calls a board brings that the screen has not seen before and that still wait: what the
 * new-call alert names. The first board of a screen alerts nothing (those calls were there before
 * the server looked); `known` null means no board yet.
 */
export function arrivedCalls(known: ReadonlySet<string> | null, calls: readonly FloorCall[]): string[] {
  if (!known) return []
  return calls.filter((call) => call.status === 'Open' && !known.has(call.id)).map((call) => call.id)
}
