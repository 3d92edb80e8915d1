import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { shortLinks } from '../../db/schema'
import type { Transaction } from '../../db/executor'

/** 32 symbols, none of 0/o or 1/l, so a link read off a phone's screen is typed back right. */
export const ORDER_LINK_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'
/** 20 symbols of 5 bits: 100 random bits, as unguessable as the order's own id (docs/orders.md "The link in a text"). */
export const ORDER_LINK_LENGTH = 20

/**
 * A new short-link id for an order: 20 symbols drawn uniformly with node:crypto, with at least one
 * digit, since `/{segment}` takes a segment with a digit as a short link and one without as a
 * restaurant (docs/routes.md, `/{segment}`). Drawn again when it has none (about 1 in 300), so every id is uniform
 * among those with a digit.
 */
export function newOrderLinkId(random: (size: number) => Uint8Array = randomBytes): string {
  for (;;) {
    const bytes = random(ORDER_LINK_LENGTH)
    let id = ''
    for (const byte of bytes) id += ORDER_LINK_ALPHABET[byte & 31]
    if (/\d/.test(id)) return id
  }
}

/** The in-app path of an order's page, which a text's link opens. */
export const orderPagePath = (order: { merchantType: string; locationSlug: string; orderId: string }) =>
  `/${encodeURIComponent(order.merchantType)}/${encodeURIComponent(order.locationSlug)}/order/${order.orderId}`

/**
 * The short link of an order's page, made on first use in the caller's transaction: one per order
 * (short_links.order_id is unique), so every text of an order carries the same link. It does not
 * expire: it opens the same page as the order's id, which lives as long as the order.
 */
export async function orderLinkOf(tx: Transaction | Database, orderId: string, target: string): Promise<string> {
  const [existing] = await tx.select({ id: shortLinks.id }).from(shortLinks).where(eq(shortLinks.orderId, orderId))
  if (existing) return existing.id
  const [made] = await tx.insert(shortLinks).values({ id: newOrderLinkId(), target, orderId }).onConflictDoNothing({ target: shortLinks.orderId }).returning()
  if (made) return made.id
  // Another transaction made it between the two statements.
  const [raced] = await tx.select({ id: shortLinks.id }).from(shortLinks).where(eq(shortLinks.orderId, orderId))
  return raced!.id
}
