import type { Context } from 'hono'
import { APPLY_FIELDS_REQUIRED, appliedOffersShape } from '@/shared/api/contracts/offers'
import type { AppDeps } from '../../deps'
import type { Transaction } from '../../db/executor'
import { loadOwnedOrder } from '../../domain/owned-order'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'
import { idempotent, type IdempotencyVariables } from '../../lib/idempotency'
import { validate } from '../../lib/wire'
import { listOffers } from './offer-list'
import { redeemerOf } from './offer-uses'
import { applyOffers, redeemCoupon } from '../orders/coupon-on-order'
import { availableItemOffers, validateCoupon } from './offers.service'

/** A customerId in a body must be the signed-in caller's own: 403 here, not lib/http's 404 (docs/offers.md). */
function checkCustomer(bodyCustomerId: string | undefined, callerId: string | undefined) {
  if (bodyCustomerId && bodyCustomerId !== callerId) throw new ApiError(403, 'wrong_customer', 'You can only use offers on your own account.')
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)

/** The transaction `idempotent` opened for the request. */
const txOf = (c: Context): Transaction => (c as Context<{ Variables: IdempotencyVariables }>).get('tx')

/**
 * Coupons and item offers (docs/offers.md), mounted from the endpoint map
 * (src/shared/api/contracts/offers.ts): encrypted answers, like the other order calls.
 */
export function offerRoutes(deps: AppDeps) {
  const { db, env } = deps
  const once = [idempotent({ db, passphrase: env.PAYLOAD_KEY })]

  return endpointRouter(deps)
    .mount('GET /coupon/v2/validateCoupon', async (c, { query }) => {
      checkCustomer(query.customerId, c.get('customerId'))
      return validateCoupon(db, query, c.get('customerId'))
    })
    .mount('GET /coupon/v2/offers', async (c, { query }) => {
      const customerId = c.get('customerId')
      const guest = c.get('guest')
      // Uses left belong to whoever is signed in: the customer (and their number), or a verified guest's number.
      const who = customerId ? await redeemerOf(db, { customerId, guestPhone: null }) : guest ? { customerId: null, phone: guest.phone } : undefined
      return listOffers(db, query, who)
    })
    .mount('POST /coupon/item/offer/avail/v2', async (c, { body }) => {
      checkCustomer(body.customerId, c.get('customerId'))
      return availableItemOffers(db, body, c.get('customerId'))
    })
    .mount(
      'POST /coupon/v2/redeemCoupon',
      async (c, { body }) => {
        const callerId = c.get('customerId')
        checkCustomer(body.customerId, callerId)
        const order = await loadOwnedOrder(txOf(c), { customerId: callerId }, body.orderId, { lock: true })
        return redeemCoupon(txOf(c), order, body.code)
      },
      once,
    )
    .mount(
      'PATCH /coupon/v2/item/offer/apply',
      async (c, { body: fields }) => {
        // Applying an offer needs customerId, offerIds, orderId and orderAmount, all four (docs/offers.md "Endpoints").
        if (![fields.customerId, fields.offerIds, fields.orderId, fields.orderAmount].every(present)) {
          throw new ApiError(400, 'apply_fields_required', APPLY_FIELDS_REQUIRED)
        }
        const request = validate(appliedOffersShape, fields)
        const callerId = c.get('customerId')
        if (!callerId) throw new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
        checkCustomer(request.customerId, callerId)
        const order = await loadOwnedOrder(txOf(c), { customerId: callerId }, request.orderId, { lock: true })
        return applyOffers(txOf(c), order, request.offerIds, request.orderAmount)
      },
      once,
    ).router
}
