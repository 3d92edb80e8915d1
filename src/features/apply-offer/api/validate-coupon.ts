import { call } from '@/shared/api'

/**
 * GET /coupon/v2/validateCoupon (docs/offers.md): the offer and the discount it gives; any refusal
 * (an unknown code is a 404) rejects with ApiRefusal carrying the server's reason.
 */
export const validateCoupon = (query: { code: string; locationId: string; orderAmount: number }) =>
  call('GET /coupon/v2/validateCoupon', { query, auth: true, encrypted: true })
