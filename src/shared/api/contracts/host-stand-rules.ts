/** The host stand's rules and words without zod, so the browser can import them (docs/host-stand.md). */

/** Why a host cancels, the fixed list (docs/host-stand.md "Cancelling"); `other` needs a note. */
export const HOST_CANCEL_REASONS = {
  guest_request: 'The guest asked to cancel',
  no_table: 'No table for the party',
  duplicate: 'Booked twice',
  restaurant_closing: 'The restaurant is closing',
  other: 'Other',
} as const
export type HostCancelReason = keyof typeof HOST_CANCEL_REASONS

/** A table is shown held for a reservation due within this many minutes (or late) while nobody sits there. */
export const HELD_AHEAD_MINUTES = 30
