import type { MiddlewareHandler } from 'hono'
import { notFound } from './errors'

/**
 * Marks every answer of the routes it is mounted on as nobody else's to keep: signed-in data,
 * order details and anything that names a person (docs/operations.md, "Caching").
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
}

/**
 * The customer a request names must be the signed-in one: another customer's id answers 404 as if
 * it did not exist, so ids cannot be probed (docs/accounts.md, "Whose data"). A request that
 * names nobody means the signed-in customer.
 */
export function ownCustomer(requested: string | undefined, signedIn: string): string {
  if (requested !== undefined && requested.toLowerCase() !== signedIn.toLowerCase()) throw notFound('The customer')
  return signedIn
}
