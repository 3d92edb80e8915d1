import type { TotalsLine } from '@/shared/api/contracts/orders'
import type { locations } from '../../../db/schema'
import { applyBasisPoints, discountScope, taxesAfterDiscount } from '../../../domain/money'

type LocationRow = typeof locations.$inferSelect

/** The location's surcharge on the subtotal (on the menu prices, whatever the discount), or 0 when it charges none. */
export const surchargeOf = (location: LocationRow, subtotal: number) =>
  location.isSurchargeEnabled ? applyBasisPoints(subtotal, location.platformConfiguration.surchargePercentBp ?? 0) : 0

/**
 * The taxes and the amount due of priced lines (docs/payments.md "Tax after a discount"): taxes on
 * the discounted price, each line's item tax rewritten to its share; the surcharge, delivery fee
 * and tip stay on the menu prices. Returns new lines; the ones given are left as they were.
 */
export function taxedSums(
  lines: readonly TotalsLine[],
  charges: { orderTaxBp: number; surcharge: number; deliveryFee: number; tip: number; discount: number; offer: { kind: string; itemId: string | null } | null },
) {
  const subtotal = lines.reduce((sum, line) => sum + line.lineSubtotal, 0)
  const taxed = taxesAfterDiscount(
    lines.map((line) => ({ lineSubtotal: line.lineSubtotal, taxBp: Math.round(line.itemTaxRate * 100) })),
    charges.orderTaxBp,
    charges.discount,
    discountScope(charges.offer, lines),
  )
  const { itemTax, orderTax } = taxed
  const tax = itemTax + orderTax
  return {
    lines: lines.map((line, index) => ({ ...line, itemTax: taxed.lineTaxes[index]! })),
    subtotal,
    itemTax,
    orderTax,
    tax,
    amountDue: subtotal + tax + charges.surcharge + charges.deliveryFee + charges.tip - charges.discount,
  }
}
