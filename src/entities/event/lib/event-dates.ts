import type { EventDateSlots, EventSlot } from '@/shared/api'
import { MONTHS, WEEKDAYS } from '@/shared/lib/hours'

/** "Wed 24 Dec" for a local date (YYYY-MM-DD), read as a calendar date whatever the browser's zone. */
export function dayChipLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`)
  return `${WEEKDAYS[date.getUTCDay()]!.slice(0, 3)} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`
}

/** The slots of one event date; none for a date the event does not serve. */
export function slotsOn(book: EventDateSlots[] | undefined, date: string | null): EventSlot[] {
  return (date && book?.find((day) => day.date === date)?.slots) || []
}

/** Whether a date can still be ordered for: in the event, before its cut-off, with a slot left. */
export const isOrderableDate = (book: EventDateSlots[] | undefined, date: string) => Boolean(book?.find((day) => day.date === date)?.orderable)
