/** Ordering rules without zod, so the browser can import them (the server's contract re-exports them). */

/**
 * An order that is not paid (or set to be paid at the restaurant) within this many minutes of
 * being placed is cancelled and gives back its stock, event slot, coupon and wallet
 * (docs/payments.md "Unpaid orders expire"). A dine-in tab at a table is paid at the end instead.
 */
export const UNPAID_ORDER_MINUTES = 15

/** Statuses of an order waiting for its payment: placed, payment started, declined, gateway error. */
export const UNPAID_ORDER_STATUSES: readonly string[] = ['6', '18', '20', '21']

/** Why a cancelled order (status 8 or 9) was cancelled. */
export const CANCEL_REASONS = ['customer', 'payment_timeout', 'merchant'] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** Why an order was cancelled, in plain words for the diner. */
export function cancellationText(reason: CancelReason | null): string {
  if (reason === 'payment_timeout') return `Cancelled: not paid within ${UNPAID_ORDER_MINUTES} minutes`
  if (reason === 'customer') return 'Cancelled: you cancelled this order'
  if (reason === 'merchant') return 'Cancelled by the restaurant'
  return 'Cancelled'
}
