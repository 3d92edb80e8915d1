import { Hono } from 'hono'
import { eventOrderMenuRequest } from '@/shared/api/contracts/events'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { readEncrypted, sendEncrypted } from '../../lib/wire'
import { campaignPage, eventLanding, eventOrderMenu } from './events.service'

/**
 * Event menus, event landings and campaigns: encrypted both ways, like the other merchant calls
 * (the rules: docs/events.md). The landing and the campaign are mounted from the endpoint map
 * (src/shared/api/contracts/events.ts); the event order menu stays hand-written until the menu's
 * and the restaurant's schemas (merchants.ts) are in the map.
 */
export function eventRoutes(deps: AppDeps) {
  const { db, env } = deps
  const key = env.PAYLOAD_KEY

  const mapped = endpointRouter(deps)
    .mount('POST /customer/event/v2', async (_c, { body }) => eventLanding(db, env.PUBLIC_API_BASE, body.eventSlug))
    .mount('POST /customer/campaign/v2', async (_c, { body }) => campaignPage(db, env.PUBLIC_API_BASE, body.campaignId)).router

  return new Hono()
    .post('/merchants/locations/event-order-menu/v2', async (c) => {
      const request = await readEncrypted(c, eventOrderMenuRequest, key)
      return sendEncrypted(c, await eventOrderMenu(db, env.PUBLIC_API_BASE, request), key)
    })
    .route('/', mapped)
}
