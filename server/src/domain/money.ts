import type { TipType } from '@/shared/api/contracts/orders'
import { ApiError } from '../lib/errors'

/**
 * Money arithmetic every module shares (pricing, repricing, offers, dine-in rounds). Amounts are
 * integers in minor units; rates are basis points (docs/payments.md).
 */

/** A share in basis points of a non-negative amount in minor units, rounded half up: 1 bp of 5000 is 0.5 → 1. */
export const applyBasisPoints = (amountMinor: number, basisPoints: number) => Math.floor((amountMinor * basisPoints + 5_000) / 10_000)

/** A rate in basis points as the percentage the API shows: 825 bp → 8.25. */
export const percent = (basisPoints: number) => basisPoints / 100

/** A tip is at most the subtotal, flat or percentage (docs/payments.md "Tips"). */
export const MAX_TIP_BASIS_POINTS = 10_000

/**
 * A coupon's discount spread over the lines it applies to, in proportion to their subtotals, to the
 * minor unit: each line gets the floor of its exact share, and the units left over go one each to
 * the lines with the largest remainders (the earlier line on a tie). The shares add up to the
 * discount exactly and none is above its line's subtotal (docs/payments.md "Tax after a discount").
 * `eligible` says which lines the offer is for (an item offer: the lines of its dish); when none
 * is, every line shares it.
 */
export function spreadDiscount(lineSubtotals: readonly number[], discount: number, eligible: (index: number) => boolean = () => true): number[] {
  const shares = lineSubtotals.map(() => 0)
  if (discount <= 0) return shares
  let indices = lineSubtotals.map((_, index) => index).filter(eligible)
  if (indices.reduce((sum, index) => sum + lineSubtotals[index]!, 0) === 0) indices = lineSubtotals.map((_, index) => index)
  const base = indices.reduce((sum, index) => sum + lineSubtotals[index]!, 0)
  if (base === 0) return shares
  const capped = Math.min(discount, base)
  let left = capped
  const remainders: { index: number; remainder: bigint }[] = []
  for (const index of indices) {
    // In BigInt: discount × subtotal can pass 2^53 for very large orders, and a share must be exact.
    const exact = BigInt(capped) * BigInt(lineSubtotals[index]!)
    shares[index] = Number(exact / BigInt(base))
    left -= shares[index]!
    remainders.push({ index, remainder: exact % BigInt(base) })
  }
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (let turn = 0; left > 0; turn++, left--) shares[remainders[turn % remainders.length]!.index]! += 1
  return shares
}

/** Which lines a coupon's discount is spread over: an item offer's dish, or (undefined) every line. */
export function discountScope(offer: { kind: string; itemId: string | null } | null, lines: readonly { itemId: string | null }[]) {
  if (!offer || offer.kind !== 'ITEM' || !offer.itemId) return undefined
  return (index: number) => lines[index]?.itemId === offer.itemId
}

/** A line as taxed: its subtotal and its item tax rate in basis points. */
export type TaxedLine = { lineSubtotal: number; taxBp: number }

/**
 * Taxes after a discount (docs/payments.md "Tax after a discount"): each line's item tax on its
 * subtotal less its share of the discount, and the order tax on the subtotal less the discount,
 * each rounded half up on its own. Without a discount these are the menu-price taxes.
 */
export function taxesAfterDiscount(lines: readonly TaxedLine[], orderTaxBp: number, discount: number, eligible?: (index: number) => boolean) {
  const shares = spreadDiscount(
    lines.map((line) => line.lineSubtotal),
    discount,
    eligible,
  )
  const lineTaxes = lines.map((line, index) => applyBasisPoints(line.lineSubtotal - shares[index]!, line.taxBp))
  const subtotal = lines.reduce((sum, line) => sum + line.lineSubtotal, 0)
  return {
    lineTaxes,
    itemTax: lineTaxes.reduce((sum, tax) => sum + tax, 0),
    orderTax: applyBasisPoints(Math.max(0, subtotal - discount), orderTaxBp),
  }
}

export const invalidTip = () => new ApiError(400, 'invalid_tip', 'A tip can be at most 100 % of the subtotal.')

/** The tip in minor units of a tip choice on `subtotal`; refused above the subtotal (400 invalid_tip). */
export function tipAmount(tipType: TipType, value: number, subtotal: number): number {
  if (tipType === 'PERCENTAGE' && value > MAX_TIP_BASIS_POINTS) throw invalidTip()
  const tip = tipType === 'NONE' ? 0 : tipType === 'PERCENTAGE' ? applyBasisPoints(subtotal, value) : value
  if (tip > subtotal) throw invalidTip()
  return tip
}
