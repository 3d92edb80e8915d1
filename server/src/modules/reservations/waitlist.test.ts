import { describe, expect, it } from 'vitest'
import type { diningTables, locations, reservations } from '../../db/schema'
import { checkInRefusal, estimateWait, queueStanding, tablesFor, waitTimesOf, type FloorState } from './waitlist'

type TableRow = typeof diningTables.$inferSelect
type ReservationRow = typeof reservations.$inferSelect

const table = (name: string, capacity: number, minCapacity = 1): TableRow => ({
  id: `table-${name}`,
  locationId: 'loc',
  sectionId: 'section',
  name,
  capacity,
  minCapacity,
  isActive: true,
})

let sequence = 0
const party = (adults: number, kids = 0, overrides: Partial<ReservationRow> = {}): ReservationRow =>
  ({
    id: `party-${++sequence}`,
    locationId: 'loc',
    kind: 'CHECKIN',
    status: 'Active',
    adults,
    kids,
    createdAt: new Date(Date.UTC(2026, 10, 24, 18, sequence)),
    ...overrides,
  }) as ReservationRow

function floorOf(tables: TableRow[], queue: ReservationRow[], busy: Record<string, number> = {}): FloorState {
  return {
    location: {
      id: 'loc',
      branchName: 'Test Branch',
      timeZoneCd: 'UTC',
      onlineCheckin: true,
      disabledServices: {},
      maxOnlineCheckin: 3,
      maxCheckinWaitThreshold: 60,
    } as typeof locations.$inferSelect,
    tables,
    queue,
    busyMinutes: new Map(tables.map((t) => [t.id, busy[t.name] ?? 0])),
    sessions: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, sessionName: 'All day', opensAt: '00:00', closesAt: '00:00' })),
  }
}

describe('estimateWait', () => {
  it('is 0 with a free table and nobody ahead, null when no table fits', () => {
    const floor = floorOf([table('T1', 2), table('T2', 4, 2)], [])
    expect(estimateWait(floor, 2, [])).toBe(0)
    expect(estimateWait(floor, 5, [])).toBeNull()
    expect(tablesFor(floor.tables, 1).map((t) => t.name)).toEqual(['T1'])
  })

  it('turns tables over: each party ahead keeps the first free table of its size for its dining time', () => {
    const tables = [table('T1', 2), table('T2', 2)]
    const ahead = [party(2), party(2), party(2)]
    const floor = floorOf(tables, ahead, { T1: 10, T2: 30 })
    // T1 frees at 10 → first party until 85; T2 at 30 → second until 105; third on T1 until 160.
    expect(estimateWait(floor, 2, [])).toBe(10)
    expect(estimateWait(floor, 2, ahead.slice(0, 1))).toBe(30)
    expect(estimateWait(floor, 2, ahead.slice(0, 2))).toBe(85)
    expect(estimateWait(floor, 2, ahead)).toBe(105)
  })

  it('rounds up to 5 minutes and ignores parties that need other tables', () => {
    const floor = floorOf([table('T1', 2), table('T8', 8, 5)], [], { T1: 12 })
    expect(estimateWait(floor, 2, [party(6)])).toBe(15)
    expect(estimateWait(floor, 6, [party(6)])).toBe(105)
  })
})

describe('queueStanding', () => {
  it('gives an active check-in its place and the wait behind the parties ahead of it', () => {
    const queue = [party(2), party(4), party(2)]
    const floor = floorOf([table('T1', 2), table('T2', 4, 2)], queue)
    expect(queueStanding(floor, queue[0]!)).toEqual({ queuePosition: 1, estimatedWaitMinutes: 0 })
    // The 2 ahead takes T1 (75 min), the 4 takes T2 (90 min): the third waits for T1.
    expect(queueStanding(floor, queue[2]!)).toEqual({ queuePosition: 3, estimatedWaitMinutes: 75 })
    expect(queueStanding(floor, { ...queue[1]!, status: 'Seated' })).toEqual({ queuePosition: null, estimatedWaitMinutes: null })
    expect(queueStanding(floor, party(2, 0, { kind: 'RESERVATION' }))).toEqual({ queuePosition: null, estimatedWaitMinutes: null })
  })
})

describe('checkInRefusal and waitTimesOf', () => {
  it('refuses when the waitlist is full, and bands the board by table size', () => {
    const floor = floorOf([table('T1', 2), table('T2', 4, 2)], [party(2), party(2), party(2)])
    const now = new Date('2026-11-24T12:00:00Z')
    expect(checkInRefusal(floor, now)).toBe('The waitlist at Test Branch is full right now. Please try again shortly.')
    const board = waitTimesOf(floor, now)
    expect(board.acceptingCheckins).toBe(false)
    expect(board.waitTimes.map((band) => [band.label, band.partiesAhead])).toEqual([
      ['1-2', 3],
      ['3-4', 3],
    ])
  })
})
