import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { campaignPage, eventLanding, eventOrderMenu } from './events.service'

/**
 * Event menus, event landings and campaigns: encrypted both ways, like the other merchant calls
 * (the rules: docs/events.md). The landing and the campaign are mounted from the endpoint map
 * (src/shared/api/contracts/events.ts), the event order menu too.
 */
export function eventRoutes(deps: AppDeps) {
  const { db, env } = deps
  const now = deps.now ?? (() => new Date())
  return endpointRouter(deps)
    .mount('POST /merchants/locations/event-order-menu/v2', async (_c, { body }) => eventOrderMenu(db, env.PUBLIC_API_BASE, body, now()))
    .mount('POST /customer/event/v2', async (_c, { body }) => eventLanding(db, env.PUBLIC_API_BASE, body.eventSlug, now()))
    .mount('POST /customer/campaign/v2', async (_c, { body }) => campaignPage(db, env.PUBLIC_API_BASE, body.campaignId, now())).router
}
