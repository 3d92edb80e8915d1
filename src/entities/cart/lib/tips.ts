import type { TipType } from '@/shared/api'

/** FLATFEE in minor units, PERCENTAGE in basis points (1800 is 18 %), NONE 0 (docs/checkout.md "The cart"). */
export type CartTip = { tipType: TipType; tipValue: number }

export const DEFAULT_TIP: CartTip = { tipType: 'FLATFEE', tipValue: 0 }

/** The suggestion sets, as percentages of the subtotal (docs/checkout.md "The cart"). */
export const SMALL_ORDER_TIP_PERCENTS = [10, 15, 18, 20] as const
export const LARGE_ORDER_TIP_PERCENTS = [5, 10, 18, 20, 25] as const

/** From this subtotal (100.00 in the currency's minor units) the second set shows. */
export const LARGE_ORDER_FROM = 10_000

export const tipSuggestions = (subtotal: number): readonly number[] => (subtotal >= LARGE_ORDER_FROM ? LARGE_ORDER_TIP_PERCENTS : SMALL_ORDER_TIP_PERCENTS)

/** The tip in minor units on a subtotal, truncated like every amount (docs/payments.md "An order's amounts"). */
export function tipAmount(tip: CartTip, subtotal: number): number {
  if (tip.tipType === 'PERCENTAGE') return Math.floor((subtotal * tip.tipValue) / 10_000)
  if (tip.tipType === 'FLATFEE') return tip.tipValue
  return 0
}

/** A typed amount such as "2.5" or "2.50" in minor units; null when it is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
