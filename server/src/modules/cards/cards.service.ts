import { and, desc, eq } from 'drizzle-orm'
import type { SaveCardRequest, SavedCard } from '@/shared/api/contracts/account'
import type { Executor } from '../../db/executor'
import { providerCardTokens, savedCards } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import { INVALID_CARD_MESSAGE } from '../../providers/payment/sandbox-provider'

type CardRow = typeof savedCards.$inferSelect

const toSavedCard = (row: CardRow): SavedCard => ({
  id: row.id,
  Brand: row.brand,
  ExpirationMonth: row.expMonth,
  ExpirationYear: row.expYear,
  Last4: row.last4,
  cardType: row.cardType,
  lastFourDigits: row.last4,
  zipcode: row.zipcode,
})

/** Saved cards: what the provider's token says about a card, never its number (docs/payments.md, "Saved cards"). */
export async function listCards(db: Executor, customerId: string): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.customerId, customerId))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
  return rows.map(toSavedCard)
}

/** Saves a tokenised card; the same card again (same fingerprint) returns the saved one. */
export async function saveCard(db: Executor, customerId: string, request: Omit<SaveCardRequest, 'customerId'>): Promise<{ card: SavedCard; created: boolean }> {
  const [token] = await db.select().from(providerCardTokens).where(eq(providerCardTokens.token, request.token))
  if (!token) throw new ApiError(400, 'invalid_card_token', INVALID_CARD_MESSAGE)
  const [inserted] = await db
    .insert(savedCards)
    .values({
      customerId,
      providerToken: token.token,
      provider: token.provider,
      brand: token.brand,
      last4: token.last4,
      expMonth: token.expMonth,
      expYear: token.expYear,
      cardType: request.cardType ?? 'credit',
      fingerprint: token.fingerprint,
      zipcode: request.zipcode || null,
    })
    .onConflictDoNothing()
    .returning()
  if (inserted) return { card: toSavedCard(inserted), created: true }
  const [existing] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, customerId), eq(savedCards.fingerprint, token.fingerprint)))
  if (!existing) throw new Error(`Saved card of token ${token.token.slice(0, 16)}… conflicted but cannot be read`)
  return { card: toSavedCard(existing), created: false }
}

export async function removeCard(db: Executor, customerId: string, cardId: string): Promise<{ removed: true }> {
  const removed = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId)))
    .returning()
  if (removed.length === 0) throw notFound('The card')
  return { removed: true }
}
