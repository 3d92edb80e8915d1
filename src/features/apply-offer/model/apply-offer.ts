import { setCouponCode } from '@/entities/cart'
import { ApiRefusal, type OfferQuote } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { validateCoupon } from '../api/validate-coupon'

/** docs/offers.md, "In the app": a coupon that fails to validate shows the server's message, or this. */
export const COUPON_FAILED = 'Something went wrong!!'

const couponRequest = createRequestState<OfferQuote>()
export const $couponRequest = couponRequest.$state

/** Validates a coupon for the cart; an accepted one is kept on the cart, so the server's totals carry it. */
export async function applyCoupon(code: string, locationId: string, orderAmount: number): Promise<OfferQuote | undefined> {
  const quote = await couponRequest.run(
    () => validateCoupon({ code: code.trim(), locationId, orderAmount }),
    (error) => (error instanceof ApiRefusal && error.message ? error.message : COUPON_FAILED),
  )
  if (quote) setCouponCode(quote.offer.code)
  return quote
}

export function removeCoupon(): void {
  couponRequest.reset()
  setCouponCode(null)
}
