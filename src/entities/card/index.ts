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
} from './model/cards'
export type { CardForm } from './model/cards'
export { expiryText } from './lib/card-form'
