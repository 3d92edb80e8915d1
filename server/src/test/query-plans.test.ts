// Every statement that order history, a receipt, feedback, wait times and reservation slots issue
// reaches the large tables through an index (docs/scaling.md, "Queries that stay flat"). The
// statements are captured from the use cases themselves (a recording drizzle over the same
// connection), so a changed query is checked as it is, not as a copy of it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, zonedClock } from '@/shared/lib/hours'
import type { Database } from '../db/client'
import { customers, diningTables, feedbacks, locations, orderItems, orders, orderStatusHistory, paymentEvents, payments, reservations, tableHolds } from '../db/schema'
import { readFeedback } from '../modules/feedback/feedback.service'
import { orderReceipt } from '../modules/orders/order-detail'
import { listOrderHistory } from '../modules/orders/order-history'
import { waitTimes } from '../modules/reservations/floor-board'
import { listSlots } from '../modules/reservations/list-slots'
import { createTestApp, type TestApp } from './harness'
import { checkPlans, type PlanFinding, recordingDatabase } from './query-plans'

describe('query plans of the reads that must stay flat as the history grows', () => {
  let t: TestApp
  let customerId: string
  let orderId: string
  let locationId: string
  const phone = '+14155550188'
  // A fixed instant: the slots and the wait board depend on the clock (a Tuesday, 10:00 in San Francisco).
  const now = new Date('2026-11-24T18:00:00Z')

  beforeAll(async () => {
    t = await createTestApp()
    const [soma] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'olive-tree-soma'))
    locationId = soma!.id
    const [customer] = await t.db.insert(customers).values({ firstName: 'Plan', mobilePhone: phone, mobileVerifiedAt: now }).returning()
    customerId = customer!.id
    const amounts = { subtotalMinor: 1000, totalMinor: 1000, currency: 'USD', orderTypeCode: 'pickup', locationId }
    const [order] = await t.db.insert(orders).values({ ...amounts, customerId, status: '15' }).returning()
    orderId = order!.id
    // A guest order with the same number: My Orders lists it too when the number is the customer's own.
    await t.db.insert(orders).values({ ...amounts, guestName: 'Plan', guestPhone: phone, status: '15' })
    await t.db.insert(orderItems).values({ orderId, name: 'Soup', quantity: 1, unitPriceMinor: 1000, lineSubtotalMinor: 1000 })
    await t.db.insert(orderStatusHistory).values([
      { orderId, status: '6', at: now },
      { orderId, status: '15', at: now },
    ])
    const [payment] = await t.db.insert(payments).values({ orderId, provider: 'sandbox', kind: 'CNP', amountMinor: 1000, currency: 'USD', status: '18' }).returning()
    await t.db.insert(paymentEvents).values({ paymentId: payment!.id, type: 'CAPTURE', amountMinor: 1000 })
    await t.db.insert(feedbacks).values({ orderId, customerId, locationId, answers: [] })
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.locationId, locationId)).limit(1)
    const party = { locationId, fullName: 'Plan', adults: 2 }
    await t.db.insert(reservations).values([
      { ...party, kind: 'CHECKIN', phone: '+14155550189' },
      { ...party, kind: 'CHECKIN', phone: '+14155550190', status: 'Seated', tableId: table!.id, seatedAt: now },
    ])
    const [booked] = await t.db.insert(reservations).values({ ...party, kind: 'RESERVATION', phone, tableId: table!.id }).returning()
    await t.db.insert(tableHolds).values({ tableId: table!.id, blockStart: new Date(now.getTime() + 3_600_000), reservationId: booked!.id })
  })
  afterAll(() => t.close())

  /** Runs the use case on a recording database, then fails on any sequential scan of a large table in what it issued. */
  async function expectIndexedReads(useCase: (db: Database) => Promise<unknown>): Promise<PlanFinding[]> {
    const { db, issued } = recordingDatabase(t.db)
    await useCase(db)
    // enable_seqscan off: on this small database the planner would rightly read a few pages whole;
    // priced out, a sequential scan is still chosen only where no index can serve (query-plans.ts).
    const findings = await checkPlans(t.db, issued, { seqscanOff: true })
    expect(findings.length).toBeGreaterThan(0)
    expect(findings.filter((finding) => finding.seqScans.length > 0)).toEqual([])
    return findings
  }
  /** The indexes the statements that mention `text` use. */
  const indexesWhere = (findings: PlanFinding[], text: string) => findings.filter((finding) => finding.sql.includes(text)).flatMap((finding) => finding.indexes)

  it('the check itself finds a sequential scan where no index serves the condition', async () => {
    const findings = await checkPlans(t.db, [{ sql: 'select id from orders where guest_name = $1', params: ['Plan'] }], { seqscanOff: true })
    expect(findings[0]!.seqScans).toEqual(['orders'])
  })

  it('the check itself finds a table read whole through an index that only orders it', async () => {
    const findings = await checkPlans(t.db, [{ sql: 'select id from orders where guest_name = $1 order by id limit 20', params: ['Plan'] }], { seqscanOff: true })
    expect(findings[0]!.seqScans).toEqual(['orders'])
  })

  it('order history (My Orders, with the guest orders of the customer’s own number, and at one restaurant) reads orders by index', async () => {
    const findings = await expectIndexedReads(async (db) => {
      const page = await listOrderHistory(db, { customerId, phone, page: 0, size: 10, newestFirst: true })
      expect(page.totalElements).toBe(2)
      await listOrderHistory(db, { customerId, locationId, page: 0, size: 10, newestFirst: true })
    })
    // The guest orders by number, not every guest order there is ("customer_id is null" alone is an index scan too).
    expect(indexesWhere(findings, '"orders"."guest_phone" = ')).toContain('orders_guest_phone_idx')
  })

  it('a receipt reads its order, lines, payments and status history by index', async () => {
    await expectIndexedReads(async (db) => {
      const receipt = await orderReceipt(db, { customerId }, { orderId })
      expect(receipt.items).toHaveLength(1)
      expect(receipt.payments).toHaveLength(1)
    })
  })

  it('feedback of an order reads the order and its feedback by index', async () => {
    await expectIndexedReads(async (db) => {
      const feedback = await readFeedback(db, { customerId }, orderId)
      expect(feedback.isFeedbackSubmitted).toBe(true)
    })
  })

  it('the wait-time board reads the queue, the seated parties and the holds by index', async () => {
    const findings = await expectIndexedReads(async (db) => {
      const board = await waitTimes(db, locationId, now)
      expect(board.queueLength).toBe(1)
    })
    // The seated parties by location and status: an index on the location alone reads its whole history.
    expect(indexesWhere(findings, '"reservations"."status" = ')).toEqual(['reservations_live_idx', 'reservations_live_idx'])
  })

  it('reservation slots read the floor and the holds by index', async () => {
    await expectIndexedReads(async (db) => {
      const date = addDays(zonedClock(now, 'America/Los_Angeles').date, 1)
      const slots = await listSlots(db, locationId, { guestCount: 2, date }, now)
      expect(slots.slots.length).toBeGreaterThan(0)
    })
  })
})
