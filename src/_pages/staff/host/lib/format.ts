import type { HostParty } from '@/shared/api'

/** "19:30" on the restaurant's clock. */
export function clockTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(instant))
}

/** "1 h 05" or "25 min". */
export function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`
}

export const STATUS_WORDS: Record<HostParty['status'], string> = {
  Active: 'Waiting',
  Seated: 'Seated',
  Completed: 'Done',
  Cancelled: 'Cancelled',
  NoShow: 'No-show',
}

/** The row's status word: a reservation not yet arrived is "Booked", one past its time "Late". */
export function statusWord(party: HostParty): string {
  if (party.status === 'Active' && party.kind === 'RESERVATION') return party.late ? 'Late' : 'Booked'
  return STATUS_WORDS[party.status]
}

/** What the row says about time: a reservation's slot, a check-in's place and wait against its quote. */
export function timeLine(party: HostParty, timeZone: string): string {
  if (party.kind === 'RESERVATION') return `Reservation ${party.reservationSlot ?? clockTime(party.time, timeZone)}`
  const joined = clockTime(party.time, timeZone)
  if (party.status === 'Active') {
    const place = party.queuePosition ? `#${party.queuePosition} · ` : ''
    const quoted = party.quotedWaitMinutes !== null ? ` (quoted ${duration(party.quotedWaitMinutes)})` : ''
    return `${place}waiting ${duration(party.waitedMinutes ?? 0)}${quoted}`
  }
  if ((party.status === 'Seated' || party.status === 'Completed') && party.waitedMinutes !== null) return `Joined ${joined} · waited ${duration(party.waitedMinutes)}`
  return `Joined ${joined}`
}

export type TimelineFilter = 'waitlist' | 'reservations' | 'seated' | 'done'

export const FILTERS: { id: TimelineFilter; label: string }[] = [
  { id: 'waitlist', label: 'Waitlist' },
  { id: 'reservations', label: 'Reservations' },
  { id: 'seated', label: 'Seated' },
  { id: 'done', label: 'Done' },
]

/** Which parties a filter shows. */
export function inFilter(party: HostParty, filter: TimelineFilter): boolean {
  if (filter === 'waitlist') return party.kind === 'CHECKIN' && party.status === 'Active'
  if (filter === 'reservations') return party.kind === 'RESERVATION' && party.status === 'Active'
  if (filter === 'seated') return party.status === 'Seated'
  return party.status === 'Completed' || party.status === 'Cancelled' || party.status === 'NoShow'
}
