import { api, isErrorBody, thrownErrorBody, type OfferQuote } from '@/shared/api'

export class CouponRefused extends Error {}

/** GET /coupon/v2/validateCoupon (docs/offers.md): the offer and the discount it gives, or the server's reason. */
export async function validateCoupon(query: { code: string; locationId: string; orderAmount: number }): Promise<OfferQuote> {
  let answer: OfferQuote | { status: number; message: string; code: string }
  try {
    answer = await api.get<OfferQuote>('/coupon/v2/validateCoupon', { query, auth: true })
  } catch (error) {
    // An unknown code is a 404, which the client re-throws; its body still says why.
    const body = thrownErrorBody(error)
    if (body) throw new CouponRefused(body.message)
    throw error
  }
  if (isErrorBody(answer)) throw new CouponRefused(answer.message)
  return answer
}
