import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { createCardService } from './cards.service'

/**
 * Saved cards of the signed-in customer, mounted from the endpoint map
 * (src/shared/api/contracts/account.ts); another customer's id answers 404 (docs/accounts.md,
 * "Whose data"). A card number never reaches this server (docs/payments.md, "Saved cards").
 */
export function cardRoutes(deps: AppDeps) {
  const service = createCardService(deps.db)

  return endpointRouter(deps)
    .mount('GET /cards', async (c, { query }) => service.list(ownCustomer(query.customerId, c.get('customerId'))))
    .mount('POST /cards', async (c, { body: { customerId, ...card } }) => {
      const { card: saved, created } = await service.save(ownCustomer(customerId, c.get('customerId')), card)
      return reply(saved, created ? 201 : 200)
    })
    .mount('DELETE /cards', async (c, { query }) => service.remove(c.get('customerId'), query.cardId)).router
}
