export type CardEntry = { number: string; expiry: string; cvc: string; zipcode: string }

export const EMPTY_CARD_ENTRY: CardEntry = { number: '', expiry: '', cvc: '', zipcode: '' }
