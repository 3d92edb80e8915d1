import { KITCHEN_COLUMNS, KITCHEN_COLUMN_LABELS, type KitchenBoard, type KitchenCard, type KitchenColumn } from '@/shared/api'

export { KITCHEN_COLUMNS, KITCHEN_COLUMN_LABELS }
export type { KitchenBoard, KitchenCard, KitchenColumn }

/** The cards of each column, oldest in their status first (the board's order). */
export function byColumn(cards: readonly KitchenCard[]): Record<KitchenColumn, KitchenCard[]> {
  const columns = Object.fromEntries(KITCHEN_COLUMNS.map((column) => [column, [] as KitchenCard[]])) as Record<KitchenColumn, KitchenCard[]>
  for (const card of cards) columns[card.column].push(card)
  return columns
}

const COLUMN_OF_NEXT: Record<string, KitchenColumn | null> = {
  '11': 'accepted',
  '12': 'in_progress',
  '70': 'in_progress',
  '42': 'in_progress',
  '13': 'ready',
  '43': 'ready',
  '14': 'out_for_delivery',
}

/**
 * The board as it will be once a bump lands (docs/kitchen.md "Bump and undo"): the card moves to
 * its next status's column, or leaves the board when that status is not shown (picked up, served).
 * The server's answer, or the stream's next board, replaces it.
 */
export function withBump(board: KitchenBoard, key: string, at: Date): KitchenBoard {
  return {
    ...board,
    cards: board.cards.flatMap((card) => {
      if (card.key !== key || !card.next) return [card]
      const column = COLUMN_OF_NEXT[card.next.status] ?? null
      if (!column) return []
      return [{ ...card, status: card.next.status, statusLabel: card.next.label, column, statusSince: at.toISOString(), next: null }]
    }),
  }
}

/** Keys of cards in New that were not on the last board: the orders to announce. */
export function newArrivals(previous: KitchenBoard | null, next: KitchenBoard): string[] {
  if (!previous) return []
  const seen = new Set(previous.cards.map((card) => card.key))
  return next.cards.filter((card) => card.column === 'new' && !seen.has(card.key)).map((card) => card.key)
}

/** Whole minutes since `since` on the server's clock (`skewMs`: server minus device), never negative. */
export function minutesSince(since: string, deviceNow: number, skewMs: number): number {
  return Math.max(0, Math.floor((deviceNow + skewMs - Date.parse(since)) / 60_000))
}

/** "3 min", "1 h 05": a ticket's age, short enough for a card's corner. */
export function formatAge(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`
}

/** "#47" or, for an order placed before numbers existed, the first part of its id. */
export const cardTitle = (card: Pick<KitchenCard, 'number' | 'orderId' | 'round'>) =>
  `${card.number === null ? card.orderId.slice(0, 6) : `#${card.number}`}${card.round === null ? '' : ` · round ${card.round}`}`

/** The event orders of a column grouped by slot, the rest first in their own group (slot null). */
export function bySlot(cards: readonly KitchenCard[]): { slot: string | null; cards: KitchenCard[] }[] {
  const groups = new Map<string | null, KitchenCard[]>()
  for (const card of cards) groups.set(card.slot, [...(groups.get(card.slot) ?? []), card])
  return [...groups.entries()].map(([slot, group]) => ({ slot, cards: group }))
}
