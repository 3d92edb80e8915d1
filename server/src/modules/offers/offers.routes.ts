import { Hono } from 'hono'
import {
  APPLY_FIELDS_REQUIRED,
  appliedOffersShape,
  applyOffersRequest,
  itemOfferAvailRequest,
  offerListQuery,
  redeemCouponRequest,
  validateCouponQuery,
} from '@/shared/api/contracts/offers'
import type { AppDeps } from '../../deps'
import { loadOwnedOrder } from '../../domain/owned-order'
import { ApiError } from '../../lib/errors'
import { noStore } from '../../lib/http'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { readEncrypted, sendEncrypted, validate } from '../../lib/wire'
import { optionalCustomer } from '../auth/tokens'
import { listOffers } from './offer-list'
import { redeemerOf } from './offer-uses'
import { applyOffers, redeemCoupon } from '../orders/coupon-on-order'
import { availableItemOffers, validateCoupon } from './offers.service'

/** A customerId in a body must be the signed-in caller's own. */
function checkCustomer(bodyCustomerId: string | undefined, callerId: string | undefined) {
  if (bodyCustomerId && bodyCustomerId !== callerId) throw new ApiError(403, 'wrong_customer', 'You can only use offers on your own account.')
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)

/** Coupons and item offers (docs/offers.md): encrypted responses, like the other order calls (docs/api.md "Wire protocol"). */
export function offerRoutes({ db, env }: AppDeps) {
  const key = env.PAYLOAD_KEY
  const caller = optionalCustomer(env.TOKEN_SECRET, db)
  const once = idempotent({ db, passphrase: key })

  return new Hono<{ Variables: IdempotencyVariables }>()
    .use('/coupon/*', caller)
    .use('/coupon/v2/redeemCoupon', once)
    .use('/coupon/v2/item/offer/apply', once)
    .get('/coupon/v2/validateCoupon', async (c) => {
      const query = validate(validateCouponQuery, c.req.query())
      checkCustomer(query.customerId, c.get('customerId'))
      return sendEncrypted(c, await validateCoupon(db, query, c.get('customerId')), key)
    })
    .get('/coupon/v2/offers', noStore, async (c) => {
      const query = validate(offerListQuery, c.req.query())
      const customerId = c.get('customerId')
      const guest = c.get('guest')
      // Uses left belong to whoever is signed in: the customer (and their number), or a verified guest's number.
      const who = customerId ? await redeemerOf(db, { customerId, guestPhone: null }) : guest ? { customerId: null, phone: guest.phone } : undefined
      return sendEncrypted(c, await listOffers(db, query, who), key)
    })
    .post('/coupon/item/offer/avail/v2', async (c) => {
      const request = await readEncrypted(c, itemOfferAvailRequest, key)
      checkCustomer(request.customerId, c.get('customerId'))
      return sendEncrypted(c, await availableItemOffers(db, request, c.get('customerId')), key)
    })
    .post('/coupon/v2/redeemCoupon', async (c) => {
      const request = await readEncrypted(c, redeemCouponRequest, key)
      const callerId = c.get('customerId')
      checkCustomer(request.customerId, callerId)
      const order = await loadOwnedOrder(c.get('tx'), { customerId: callerId }, request.orderId, { lock: true })
      return sendEncrypted(c, await redeemCoupon(c.get('tx'), order, request.code), key)
    })
    .patch('/coupon/v2/item/offer/apply', async (c) => {
      const fields = await readEncrypted(c, applyOffersRequest, key)
      // Applying an offer needs customerId, offerIds, orderId and orderAmount, all four (docs/offers.md "Endpoints").
      if (![fields.customerId, fields.offerIds, fields.orderId, fields.orderAmount].every(present)) {
        throw new ApiError(400, 'apply_fields_required', APPLY_FIELDS_REQUIRED)
      }
      const request = validate(appliedOffersShape, fields)
      const callerId = c.get('customerId')
      if (!callerId) throw new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
      checkCustomer(request.customerId, callerId)
      const order = await loadOwnedOrder(c.get('tx'), { customerId: callerId }, request.orderId, { lock: true })
      return sendEncrypted(c, await applyOffers(c.get('tx'), order, request.offerIds, request.orderAmount), key)
    })
}
