import type { MiddlewareHandler } from 'hono'
import { SANDBOX_TOKENIZE_PATH } from '@/shared/api/contracts/card-provider'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'
import { noStore } from '../../lib/http'
import { createSandboxCardProvider, hasSandboxKey, INVALID_CARD_MESSAGE } from './sandbox-provider'

/** The provider's key is checked before the body is read, as a real provider would. */
const providerKey: MiddlewareHandler = async (c, next) => {
  if (!hasSandboxKey(c.req.header('Authorization'))) throw new ApiError(401, 'invalid_provider_key', 'The provider key is missing or wrong.')
  await next()
}

/** The validation message would name fields of a card; the diner is told only that it is not valid. */
const cardNotNamed: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.error instanceof ApiError && c.error.code === 'invalid_request') throw new ApiError(400, 'invalid_card', INVALID_CARD_MESSAGE)
}

/**
 * The sandbox provider's tokenisation endpoint, as a card provider's would be: JSON in, a static
 * `Authorization: Basic <public key>` header, no customer token (docs/payments.md, "Cards"),
 * mounted from the endpoint map (src/shared/api/contracts/account.ts, cards part).
 */
export function sandboxPaymentRoutes(deps: AppDeps) {
  const provider = createSandboxCardProvider(deps.db, deps.env.TOKEN_SECRET)
  const endpoints = endpointRouter(deps)
  // POST only: another method on the path stays an unknown endpoint (404), not a key check.
  endpoints.router.post(SANDBOX_TOKENIZE_PATH, noStore, providerKey, cardNotNamed)
  return endpoints.mount('POST /provider/sandbox/tokenize', async (_c, { body }) => provider.tokenize(body)).router
}
