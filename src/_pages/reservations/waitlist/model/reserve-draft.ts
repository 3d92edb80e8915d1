import { atom } from 'nanostores'
import type { Party } from '@/entities/reservation'

/** The reservation being chosen; kept in memory so a guest's detour through the OTP screens does not lose it. */
export type ReserveDraft = {
  locationId: string
  date: string
  /** The diner picked the date; until then it is today's, moved on to the first day with times when today has none left. */
  dateChosen: boolean
  /** The day the screen moved on from because it had no times left. */
  movedFrom?: string
  party: Party
  sectionId: string
  slot: string
  notes: string
}

export const $reserveDraft = atom<ReserveDraft | null>(null)

export function updateReserveDraft(change: Partial<ReserveDraft>): void {
  const draft = $reserveDraft.get()
  if (draft) $reserveDraft.set({ ...draft, ...change })
}

/** The draft of this restaurant, or a new one for `today`. */
export function startReserveDraft(locationId: string, today: string): ReserveDraft {
  const draft = $reserveDraft.get()
  if (draft && draft.locationId === locationId && draft.date >= today) return draft
  const fresh: ReserveDraft = { locationId, date: today, dateChosen: false, party: { adults: 2, kids: 0, highChairs: 0 }, sectionId: '', slot: '', notes: '' }
  $reserveDraft.set(fresh)
  return fresh
}
