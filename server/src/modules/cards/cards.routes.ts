import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'
import { ownCustomer } from '../../lib/http'
import { listCards, removeCard, saveCard } from './cards.service'

/**
 * Saved cards of the signed-in customer, mounted from the endpoint map
 * (src/shared/api/contracts/account.ts); another customer's id answers 404 (docs/accounts.md,
 * "Whose data"). A card number never reaches this server (docs/payments.md, "Saved cards").
 */
export function cardRoutes(deps: AppDeps) {
  return endpointRouter(deps)
    .mount('GET /cards', async (c, { query }) => listCards(deps.db, ownCustomer(query.customerId, c.get('customerId'))))
    .mount('POST /cards', async (c, { body: { customerId, ...card } }) => {
      const { card: saved, created } = await saveCard(deps.db, ownCustomer(customerId, c.get('customerId')), card)
      return reply(saved, created ? 201 : 200)
    })
    .mount('DELETE /cards', async (c, { query }) => removeCard(deps.db, c.get('customerId'), query.cardId)).router
}
