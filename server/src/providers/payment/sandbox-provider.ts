import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TokenizeRequest, TokenizeResponse } from '@/shared/api/contracts/account'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import type { Database } from '../../db/client'
import { providerCardTokens } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { brandOf, DECLINED_TEST_NUMBERS, isExpired, passesLuhn } from './card-rules'

export const SANDBOX_PROVIDER = 'sandbox'

/** The one message for a card the provider will not take (docs/payments.md, "Cards"). */
export const INVALID_CARD_MESSAGE = 'Invalid Card Details'

const invalidCard = () => new ApiError(400, 'invalid_card', INVALID_CARD_MESSAGE)

/** Whether a request carries the provider's static authorization header (docs/payments.md, "Cards"). */
export function hasSandboxKey(header: string | undefined): boolean {
  const expected = Buffer.from(SANDBOX_TOKENIZE_AUTHORIZATION)
  const given = Buffer.from(header ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * The sandbox card vault: it keeps a token, the brand, the last four digits, the expiry and a
 * keyed hash of the number, never the number or the CVC (docs/payments.md, "Cards").
 */
export function createSandboxCardProvider(db: Database, secret: string) {
  return {
    async tokenize(card: Pick<TokenizeRequest, 'number' | 'expMonth' | 'expYear' | 'cvc'>): Promise<TokenizeResponse> {
      const brand = brandOf(card.number)
      if (!brand || !passesLuhn(card.number) || isExpired(card.expMonth, card.expYear)) throw invalidCard()
      if (brand === 'AMEX' ? card.cvc.length !== 4 : card.cvc.length !== 3) throw invalidCard()
      if (DECLINED_TEST_NUMBERS.has(card.number)) throw new ApiError(402, 'card_declined', INVALID_CARD_MESSAGE)
      const [row] = await db
        .insert(providerCardTokens)
        .values({
          token: `tok_sandbox_${randomBytes(16).toString('hex')}`,
          provider: SANDBOX_PROVIDER,
          brand,
          last4: card.number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
          fingerprint: createHmac('sha256', secret).update(`card:${card.number}`).digest('hex'),
        })
        .returning()
      return { token: row!.token, brand, last4: row!.last4, expMonth: row!.expMonth, expYear: row!.expYear }
    },
  }
}
