import { createHmac, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { providerCardTokens } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Transaction } from '../../db/executor'
import { isExpired } from './card-rules'
import type { CardProviderFactory, PaymentProvider } from './payment-provider'
import { INVALID_CARD_MESSAGE, SANDBOX_PROVIDER } from './sandbox-provider'

/**
 * Test numbers that tokenise but fail when charged, as a real provider's do
 * (the numbers of DECLINED_TEST_NUMBERS are already refused when tokenised).
 */
export const CHARGE_DECLINED_TEST_NUMBERS: ReadonlySet<string> = new Set(['4000000000000341'])
export const GATEWAY_ERROR_TEST_NUMBERS: ReadonlySet<string> = new Set(['4000000000000119'])

export const DECLINED_MESSAGE = 'Your card was declined. Please use another card.'
export const EXPIRED_MESSAGE = 'Your card has expired. Please use another card.'
export const GATEWAY_ERROR_MESSAGE = 'The payment gateway did not answer. Please try again.'

/** The tokeniser's keyed hash of a card number (sandbox-provider.ts), to recognise test cards by token. */
const fingerprintOf = (number: string, secret: string) => createHmac('sha256', secret).update(`card:${number}`).digest('hex')

const reference = () => `ch_sandbox_${randomBytes(12).toString('hex')}`

/**
 * The sandbox card processor behind the sandbox tokeniser: 4242 4242 4242 4242 and other valid
 * cards are authorized, 4000 0000 0000 0341 is declined ("20"), 4000 0000 0000 0119 fails at the
 * gateway ("21"). It reads tokens through the caller's transaction.
 */
export function createSandboxPaymentProvider(tx: Transaction, secret: string): PaymentProvider {
  const declined = new Set([...CHARGE_DECLINED_TEST_NUMBERS].map((number) => fingerprintOf(number, secret)))
  const gatewayErrors = new Set([...GATEWAY_ERROR_TEST_NUMBERS].map((number) => fingerprintOf(number, secret)))

  return {
    name: SANDBOX_PROVIDER,

    async authorize({ cardToken }) {
      const [card] = await tx.select().from(providerCardTokens).where(eq(providerCardTokens.token, cardToken))
      if (!card || card.provider !== SANDBOX_PROVIDER) throw new ApiError(400, 'invalid_card_token', INVALID_CARD_MESSAGE)
      const seen = { cardBrand: card.brand, cardLast4: card.last4 }
      if (gatewayErrors.has(card.fingerprint)) return { status: '21', reference: null, ...seen, message: GATEWAY_ERROR_MESSAGE }
      if (declined.has(card.fingerprint)) return { status: '20', reference: reference(), ...seen, message: DECLINED_MESSAGE }
      if (isExpired(card.expMonth, card.expYear)) return { status: '20', reference: reference(), ...seen, message: EXPIRED_MESSAGE }
      return { status: '18', reference: reference(), ...seen }
    },

    async collect({ reference: authorization }) {
      if (!authorization.startsWith('ch_sandbox_')) return { status: '21', message: GATEWAY_ERROR_MESSAGE }
      return { status: '19', reference: authorization }
    },

    async void({ reference: authorization }) {
      if (!authorization.startsWith('ch_sandbox_')) return { status: '21', message: GATEWAY_ERROR_MESSAGE }
      return { status: 'VOIDED', reference: authorization }
    },
  }
}

/** The card provider the app uses: the sandbox processor when SANDBOX is on, none otherwise (cards are then not taken). */
export function cardProviderFor(env: { SANDBOX: boolean; TOKEN_SECRET: string }): CardProviderFactory {
  return env.SANDBOX ? (tx) => createSandboxPaymentProvider(tx, env.TOKEN_SECRET) : null
}
