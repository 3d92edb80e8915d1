import { Hono } from 'hono'
import { cardDeleteQuery, cardsQuery, saveCardRequest } from '@/shared/api/contracts/account'
import type { AppDeps } from '../../deps'
import { notFound } from '../../lib/errors'
import { readJson, validate } from '../../lib/wire'
import { requireCustomer, type CustomerVariables } from '../auth/tokens'
import { createCardService } from './cards.service'

/** DESIGN §5: another customer's cards answer 404, as if they did not exist. */
function ownCustomer(requested: string, signedIn: string): string {
  if (requested !== signedIn) throw notFound('The customer')
  return signedIn
}

/** Saved cards of the signed-in customer (SPEC §7 Payments and cards): plain JSON, no-store. */
export function cardRoutes({ db, env }: AppDeps) {
  const service = createCardService(db)

  return new Hono<{ Variables: CustomerVariables }>()
    .use('/cards', requireCustomer(env.TOKEN_SECRET, db), async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/cards', async (c) => {
      const { customerId } = validate(cardsQuery, c.req.query())
      return c.json(await service.list(ownCustomer(customerId, c.get('customerId'))))
    })
    .post('/cards', async (c) => {
      const { customerId, ...card } = await readJson(c, saveCardRequest)
      const { card: saved, created } = await service.save(ownCustomer(customerId, c.get('customerId')), card)
      return c.json(saved, created ? 201 : 200)
    })
    .delete('/cards', async (c) => {
      const { cardId } = validate(cardDeleteQuery, c.req.query())
      return c.json(await service.remove(c.get('customerId'), cardId))
    })
}
