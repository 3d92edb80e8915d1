import { api, call, SANDBOX_TOKENIZE_AUTHORIZATION, SANDBOX_TOKENIZE_PATH, unwrap } from '@/shared/api'
import type { SaveCardRequest, TokenizeRequest, TokenizeResponse } from '@/shared/api'

/** The card provider's tokenisation call (docs/payments.md, "Saved cards"): JSON with its static authorization header, not in the endpoint map. */
export const tokenizeCard = async (card: TokenizeRequest) =>
  unwrap(await api.post<TokenizeResponse>(SANDBOX_TOKENIZE_PATH, card, { headers: { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION } }))

export const postCard = (body: SaveCardRequest) => call('POST /cards', { body, auth: true })

export const fetchCards = (customerId: string) => call('GET /cards', { query: { customerId }, auth: true })

export const removeCard = (cardId: string) => call('DELETE /cards', { query: { cardId }, auth: true })
