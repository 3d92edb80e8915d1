import { api, isErrorBody, SANDBOX_TOKENIZE_AUTHORIZATION, SANDBOX_TOKENIZE_PATH } from '@/shared/api'
import type { CardDeleteResponse, ErrorBody, SaveCardRequest, SavedCard, TokenizeRequest, TokenizeResponse } from '@/shared/api'

/** A refusal by the server or the card provider. */
export class CardFailure extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'CardFailure'
  }
}

function unwrap<T>(result: T | ErrorBody): T {
  if (isErrorBody(result)) throw new CardFailure(result)
  return result
}

/** SPEC §7: the card provider's tokenisation call, JSON with a static authorization header. */
export async function tokenizeCard(card: TokenizeRequest): Promise<TokenizeResponse> {
  return unwrap(await api.post<TokenizeResponse>(SANDBOX_TOKENIZE_PATH, card, { headers: { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION } }))
}

export async function postCard(request: SaveCardRequest): Promise<SavedCard> {
  return unwrap(await api.post<SavedCard>('/cards', request, { auth: true }))
}

export async function fetchCards(customerId: string): Promise<SavedCard[]> {
  return unwrap(await api.get<SavedCard[]>('/cards', { query: { customerId }, auth: true }))
}

export async function removeCard(cardId: string): Promise<CardDeleteResponse> {
  return unwrap(await api.delete<CardDeleteResponse>('/cards', { query: { cardId }, auth: true }))
}
