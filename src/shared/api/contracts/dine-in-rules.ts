/** Dine-in at the table: rules and texts without zod, so the browser can import them (docs/dine-in.md). */

/** The call-waiter button's label when the restaurant sets none. */
export const CALL_WAITER_LABEL = 'Call Waiter'
/** The request type of a dine-in order, as the API names it. */
export const DINE_IN_REQUEST = 'DINE_IN_REQUEST'
/** A bill is split evenly among at least this many and at most this many diners. */
export const MIN_SPLIT_PARTS = 2
export const MAX_SPLIT_PARTS = 20
/** The waiter call statuses, in the order the restaurant moves them. */
export const WAITER_CALL_STATUSES = ['Open', 'Acknowledged', 'Done'] as const

/**
 * Splits `total` minor units into `parts` shares that add up to it exactly: the remainder cents
 * go to the first shares ($100.01 in 3 is 33.34, 33.34, 33.33).
 */
export function evenShares(total: number, parts: number): number[] {
  const base = Math.floor(total / parts)
  const remainder = total - base * parts
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0))
}

/**
 * Shares of a bill by the lines each group takes: a group pays its lines' subtotal plus the same
 * proportion of everything else on the bill (taxes, surcharge, fees, tip, minus discount and
 * wallet); rounding leftovers go on the last share so the shares add up to `total` exactly.
 */
export function itemShares(groupSubtotals: number[], subtotal: number, total: number): number[] {
  if (groupSubtotals.length === 0) return []
  const shares = groupSubtotals.map((part) => (subtotal > 0 ? Math.round((total * part) / subtotal) : 0))
  const given = shares.slice(0, -1).reduce((sum, share) => sum + share, 0)
  shares[shares.length - 1] = total - given
  return shares
}
