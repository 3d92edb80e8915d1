import { call, SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api'
import type { SaveCardRequest, TokenizeRequest } from '@/shared/api'

/** The card provider's tokenisation call (docs/payments.md, "Saved cards"): JSON with its static authorization header, no customer token. */
export const tokenizeCard = (card: TokenizeRequest) =>
  call('POST /provider/sandbox/tokenize', { body: card, headers: { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION } })

export const postCard = (body: SaveCardRequest) => call('POST /cards', { body, auth: true })

export const fetchCards = (customerId: string) => call('GET /cards', { query: { customerId }, auth: true })

export const removeCard = (cardId: string) => call('DELETE /cards', { query: { cardId }, auth: true })
