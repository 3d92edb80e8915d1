import { useStore } from '@nanostores/react'
import { $cartPreview, $cartTotals, type Cart } from '@/entities/cart'
import { ApplyOfferForm } from '@/features/apply-offer'

/** The coupon form, checked against the subtotal the server priced (or the menu's estimate). */
export function CouponField({ cart }: { cart: Cart }) {
  const totals = useStore($cartTotals)
  const preview = useStore($cartPreview)
  return <ApplyOfferForm cart={cart} orderAmount={totals?.subtotal ?? preview.subtotal} />
}
