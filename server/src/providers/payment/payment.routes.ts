import { Hono } from 'hono'
import { tokenizeRequest } from '@/shared/api/contracts/account'
import { SANDBOX_TOKENIZE_PATH } from '@/shared/api/contracts/card-provider'
import type { AppDeps } from '../../deps'
import { ApiError } from '../../lib/errors'
import { readJson } from '../../lib/wire'
import { createSandboxCardProvider, hasSandboxKey, INVALID_CARD_MESSAGE } from './sandbox-provider'

/**
 * The sandbox provider's tokenisation endpoint, as a card provider's would be: JSON in, a static
 * `Authorization: Basic <public key>` header, no customer token (docs/payments.md, "Cards").
 */
export function sandboxPaymentRoutes({ db, env }: AppDeps) {
  const provider = createSandboxCardProvider(db, env.TOKEN_SECRET)

  return new Hono().post(SANDBOX_TOKENIZE_PATH, async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!hasSandboxKey(c.req.header('Authorization'))) {
      throw new ApiError(401, 'invalid_provider_key', 'The provider key is missing or wrong.')
    }
    // The validation message would name fields of a card; the diner is told only that it is not valid.
    const card = await readJson(c, tokenizeRequest).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'invalid_request') throw new ApiError(400, 'invalid_card', INVALID_CARD_MESSAGE)
      throw error
    })
    return c.json(await provider.tokenize(card), 201)
  })
}
