import { describe, expect, it } from 'vitest'
import type { KitchenBoard, KitchenCard } from '@/shared/api'
import { byColumn, bySlot, cardTitle, formatAge, minutesSince, newArrivals, withBump } from './board'

const card = (over: Partial<KitchenCard>): KitchenCard => ({
  key: 'k1',
  kind: 'order',
  orderId: 'o1aaaaaaaa',
  ticketId: null,
  round: null,
  number: 47,
  type: 'pickup',
  orderTypeName: 'Pickup',
  tableName: null,
  status: '19',
  statusLabel: 'In Queue',
  column: 'new',
  placedAt: '2030-01-01T12:00:00.000Z',
  statusSince: '2030-01-01T12:00:00.000Z',
  dueAt: null,
  slot: null,
  firstName: 'Asha',
  note: null,
  lines: [],
  next: { status: '11', label: 'Accepted' },
  waiting: null,
  ...over,
})
const board = (cards: KitchenCard[]): KitchenBoard => ({
  locationId: 'l',
  branchName: 'Empire',
  timeZone: 'America/New_York',
  now: '2030-01-01T12:00:00.000Z',
  orderingPaused: false,
  orderingPausedAt: null,
  undoSeconds: 10,
  cards,
  later: 0,
})

describe('the kitchen board on the tablet', () => {
  it('puts each card in its column, in the board’s order', () => {
    const columns = byColumn([card({ key: 'a' }), card({ key: 'b', column: 'ready' }), card({ key: 'c' })])
    expect(columns.new.map((c) => c.key)).toEqual(['a', 'c'])
    expect(columns.ready.map((c) => c.key)).toEqual(['b'])
    expect(columns.accepted).toEqual([])
  })

  it('a bump moves the card to its next column at once, and a picked-up order leaves the board', () => {
    const at = new Date('2030-01-01T12:05:00Z')
    const moved = withBump(board([card({ key: 'a' })]), 'a', at)
    expect(moved.cards[0]).toMatchObject({ column: 'accepted', status: '11', statusLabel: 'Accepted', statusSince: at.toISOString(), next: null })
    const gone = withBump(board([card({ key: 'a', column: 'ready', status: '13', next: { status: '16', label: 'Completed - Pickup Order' } })]), 'a', at)
    expect(gone.cards).toEqual([])
  })

  it('announces only cards new to the board in New, and nothing on the first board', () => {
    const first = board([card({ key: 'a' })])
    expect(newArrivals(null, first)).toEqual([])
    expect(newArrivals(first, board([card({ key: 'a' }), card({ key: 'b' }), card({ key: 'c', column: 'accepted' })]))).toEqual(['b'])
  })

  it('ages on the server’s clock, whole minutes, never negative', () => {
    const since = '2030-01-01T12:00:00.000Z'
    expect(minutesSince(since, Date.parse('2030-01-01T12:04:59Z'), 0)).toBe(4)
    expect(minutesSince(since, Date.parse('2030-01-01T11:00:00Z'), 65 * 60_000)).toBe(5)
    expect(minutesSince(since, Date.parse('2030-01-01T11:59:00Z'), 0)).toBe(0)
    expect([formatAge(3), formatAge(65)]).toEqual(['3 min', '1 h 05'])
  })

  it('titles a card by its number and round, and groups event cards by slot', () => {
    expect(cardTitle({ number: 47, orderId: 'x', round: null })).toBe('#47')
    expect(cardTitle({ number: 9, orderId: 'x', round: 2 })).toBe('#9 · round 2')
    expect(bySlot([card({ key: 'a', slot: '12:30 PM' }), card({ key: 'b' }), card({ key: 'c', slot: '12:30 PM' })]).map((g) => [g.slot, g.cards.length])).toEqual([
      ['12:30 PM', 2],
      [null, 1],
    ])
  })
})
