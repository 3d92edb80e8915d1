import { atom } from 'nanostores'
import { ApiRefusal, type SavedCard } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { fetchCards, postCard, removeCard, tokenizeCard } from '../api/cards-api'
import { cardFromForm } from '../lib/card-form'
import { throttleAsync } from '@/shared/lib/throttle'

/** The product's words, kept exactly (docs/app.md, "Messages"). */
export const INVALID_CARD_DETAILS = 'Invalid Card Details'
export const CARD_SAVE_FAILED = 'Something went wrong !'

/** Card list and delete are throttled by 100 ms (docs/app.md, "Throttles"). */
export const CARD_THROTTLE_MS = 100

export type CardForm = { number: string; expiry: string; cvc: string; zipcode: string }

/** The signed-in customer's saved cards, newest first: brand, last 4 and expiry only. */
export const $cards = atom<SavedCard[]>([])

const listRequest = createRequestState<SavedCard[]>()
const saveRequest = createRequestState<SavedCard>()
const deleteRequest = createRequestState<string>()
export const $cardsRequest = listRequest.$state
export const $cardSave = saveRequest.$state
export const $cardDelete = deleteRequest.$state

/** 400 and 402 (declined) mean the card; anything else is our fault or the network's. */
function saveFailure(error: unknown): string {
  console.error('Saving the card failed:', error instanceof Error ? error.name : error)
  if (error instanceof ApiRefusal && error.status === 400) return INVALID_CARD_DETAILS
  if ((error as { status?: number } | null)?.status === 402) return INVALID_CARD_DETAILS
  return CARD_SAVE_FAILED
}

const tryAgain = (error: unknown) => {
  console.error('Card request failed:', error)
  return 'Please Try Again'
}

export const loadCards = throttleAsync(async (customerId: string): Promise<SavedCard[] | undefined> => {
  const cards = await listRequest.run(() => fetchCards(customerId), tryAgain)
  if (cards) $cards.set(cards)
  return cards
}, CARD_THROTTLE_MS)

export const deleteCard = throttleAsync(async (cardId: string): Promise<boolean> => {
  const removed = await deleteRequest.run(async () => {
    await removeCard(cardId)
    return cardId
  }, tryAgain)
  if (!removed) return false
  $cards.set($cards.get().filter((card) => card.id !== cardId))
  return true
}, CARD_THROTTLE_MS)

/** Sends the number to the provider only, then saves the provider's token (docs/payments.md, "Cards"). */
export async function saveCard(customerId: string, form: CardForm): Promise<SavedCard | undefined> {
  const card = await saveRequest.run(async () => {
    const request = cardFromForm(form)
    if (!request) throw new ApiRefusal({ status: 400, code: 'invalid_card', message: INVALID_CARD_DETAILS })
    const { token } = await tokenizeCard(request)
    return postCard({ customerId, token, ...(request.zipcode ? { zipcode: request.zipcode } : {}) })
  }, saveFailure)
  if (card) $cards.set([card, ...$cards.get().filter((saved) => saved.id !== card.id)])
  return card
}

/** Saves a card already tokenised for a payment (provider tokens are reusable); throws on failure. */
export async function saveCardToken(customerId: string, token: string, zipcode?: string): Promise<SavedCard> {
  const card = await postCard({ customerId, token, ...(zipcode ? { zipcode } : {}) })
  $cards.set([card, ...$cards.get().filter((saved) => saved.id !== card.id)])
  return card
}

export const clearCardSave = () => saveRequest.clear()

export function resetCards(): void {
  listRequest.reset()
  saveRequest.reset()
  deleteRequest.reset()
  $cards.set([])
}
