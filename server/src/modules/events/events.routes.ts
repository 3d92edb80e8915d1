import { Hono } from 'hono'
import { campaignRequest, eventOrderMenuRequest, eventRequest } from '@/shared/api/contracts/events'
import type { AppDeps } from '../../deps'
import { readEncrypted, sendEncrypted } from '../../lib/wire'
import { createEventService } from './events.service'

/** Event menus, event landings and campaigns: encrypted both ways, like the other merchant calls (docs/api.md "Wire protocol"; the rules: docs/events.md). */
export function eventRoutes({ db, env }: AppDeps) {
  const service = createEventService(db, env.PUBLIC_API_BASE)
  const key = env.PAYLOAD_KEY

  return new Hono()
    .post('/merchants/locations/event-order-menu/v2', async (c) => {
      const request = await readEncrypted(c, eventOrderMenuRequest, key)
      return sendEncrypted(c, await service.eventOrderMenu(request), key)
    })
    .post('/customer/event/v2', async (c) => {
      const { eventSlug } = await readEncrypted(c, eventRequest, key)
      return sendEncrypted(c, await service.event(eventSlug), key)
    })
    .post('/customer/campaign/v2', async (c) => {
      const { campaignId } = await readEncrypted(c, campaignRequest, key)
      return sendEncrypted(c, await service.campaign(campaignId), key)
    })
}
