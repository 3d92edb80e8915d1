export {
  $cardDelete,
  $cards,
  $cardSave,
  $cardsRequest,
  CARD_SAVE_FAILED,
  clearCardSave,
  deleteCard,
  INVALID_CARD_DETAILS,
  loadCards,
  resetCards,
  saveCard,
  saveCardToken,
} from './model/cards'
export type { CardForm } from './model/cards'
export { tokenizeCard } from './api/cards-api'
export { cardFromForm, expiryText } from './lib/card-form'
