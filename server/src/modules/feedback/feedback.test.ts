import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedbackResponse } from '@/shared/api/contracts/feedback'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { feedbacks, locations, menuCategories, menuItems, modifiers, orderItems, orders } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'
import { FEEDBACK_ALREADY_SUBMITTED, FEEDBACK_NOT_YET } from './feedback.service'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
let empireId: string
let velvetId: string

const PATH = '/customer/feedback/v2'

/** An order at `locationId` in `status`, of `orderTypeCode`, with one of each dish of `dishes` (the menu's names). */
async function orderAt(locationId: string, status: string, customer?: TestCustomer, { orderTypeCode = 'pickup', dishes = [] as string[] } = {}): Promise<string> {
  const [row] = await t.db
    .insert(orders)
    .values({ locationId, customerId: customer?.id ?? null, orderTypeCode, status, currency: 'USD', guestName: customer ? null : 'Gia', guestPhone: customer ? null : '+14155550100' })
    .returning()
  for (const name of dishes) {
    const [dish] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, locationId), eq(menuItems.name, name)))
    await t.db.insert(orderItems).values({ orderId: row!.id, itemId: dish!.id, name, quantity: 1, unitPriceMinor: 1000, lineSubtotalMinor: 1000 })
  }
  return row!.id
}

/** A cocktail of the Velvet Hour's menu and a burger of Empire Burger's with a doneness to choose. */
async function dishesOf(locationId: string, kind: 'cocktail' | 'doneness' | 'other'): Promise<string> {
  const rows = await t.db
    .select({ name: menuItems.name, category: menuCategories.name, modifier: modifiers.name })
    .from(menuItems)
    .innerJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId))
    .leftJoin(modifiers, eq(modifiers.itemId, menuItems.id))
    .where(eq(menuItems.locationId, locationId))
  const cocktail = (row: (typeof rows)[number]) => row.category === 'Signature Cocktails' || row.category === 'Classics'
  const doneness = (name: string) => rows.some((row) => row.name === name && row.modifier === 'Doneness')
  const found = rows.find((row) => (kind === 'cocktail' ? cocktail(row) : kind === 'doneness' ? doneness(row.name) : !cocktail(row) && !doneness(row.name)))
  return found!.name
}

const questionsOf = async (who: TestCustomer | undefined, orderId: string) => (await callAs(t, who, 'GET', `${PATH}?orderId=${orderId}`)).body as FeedbackResponse

/** Every rating question rated `rating`, the text questions left out. */
const ratingsFor = (response: FeedbackResponse, rating: number) =>
  response.questions.filter((question) => question.kind === 'RATING').map((question) => ({ questionId: question.id, rating }))

const submit = (who: TestCustomer | undefined, payload: unknown) => callAs(t, who, 'POST', PATH, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) })

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550181')
  ben = await createTestCustomer(t, 'Ben', '+14155550182')
  const slugs = await t.db.select({ id: locations.id, slug: locations.locationSlug }).from(locations)
  empireId = slugs.find((row) => row.slug === 'empire-burger')!.id
  velvetId = slugs.find((row) => row.slug === 'velvet-hour')!.id
})

afterAll(async () => {
  await t?.close()
})

describe('GET /customer/feedback/v2', () => {
  it('answers ciphertext with everyone’s questions first, then the restaurant’s own', async () => {
    const orderId = await orderAt(velvetId, '17', asha, { dishes: [await dishesOf(velvetId, 'cocktail')] })
    const response = await callAs(t, asha, 'GET', `${PATH}?orderId=${orderId}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    expect(response.text.startsWith('U2FsdGVkX1')).toBe(true)
    const answer = response.body as FeedbackResponse
    expect(answer).toMatchObject({ orderId, isFeedbackSubmitted: false, canSubmit: true, feedback: null })
    expect(answer.order).toMatchObject({ branchName: expect.any(String), status: '17', statusLabel: 'Dine-in Order Completed' })
    const asked = answer.questions.map((question) => question.question)
    expect(asked.slice(0, 3)).toEqual(['How was the food?', 'How were the service and the speed?', 'How was the value for money?'])
    expect(asked.at(-1)).toBe('How were the cocktails?')
    expect(asked).not.toContain('How was the packaging of your delivery?')
    expect(answer.questions.some((question) => question.kind === 'TEXT')).toBe(true)

  })

  it('asks questions that fit the order: packaging only after a delivery, the cocktails only after a cocktail, the doneness only after a burger ordered with one', async () => {
    const asked = async (locationId: string, options: { orderTypeCode?: string; dishes?: string[] }) =>
      (await questionsOf(asha, await orderAt(locationId, options.orderTypeCode === 'delivery' ? '15' : '16', asha, options))).questions.map((question) => question.question)
    const burger = await dishesOf(empireId, 'doneness')
    const plain = await dishesOf(empireId, 'other')
    const pickup = await asked(empireId, { dishes: [plain] })
    expect(pickup).not.toContain('How was the packaging of your delivery?')
    expect(pickup).not.toContain('Was your burger cooked the way you asked?')
    expect(await asked(empireId, { orderTypeCode: 'delivery', dishes: [plain] })).toContain('How was the packaging of your delivery?')
    expect(await asked(empireId, { dishes: [burger] })).toContain('Was your burger cooked the way you asked?')
    expect(await asked(velvetId, { dishes: [await dishesOf(velvetId, 'other')] })).not.toContain('How were the cocktails?')
  })

  it('is 404 for another customer’s order and for a signed-out caller; a guest’s order is read by its id', async () => {
    const orderId = await orderAt(empireId, '16', asha)
    expect((await callAs(t, ben, 'GET', `${PATH}?orderId=${orderId}`)).status).toBe(404)
    expect((await callAs(t, undefined, 'GET', `${PATH}?orderId=${orderId}`)).status).toBe(404)
    const guestOrder = await orderAt(empireId, '16')
    expect((await callAs(t, undefined, 'GET', `${PATH}?orderId=${guestOrder}`)).status).toBe(200)
    expect((await callAs(t, undefined, 'GET', `${PATH}?orderId=nope`)).status).toBe(400)
  })
})

describe('POST /customer/feedback/v2', () => {
  it('takes encrypted feedback once per finished order and answers the submitted state encrypted', async () => {
    const orderId = await orderAt(empireId, '16', asha)
    const before = await questionsOf(asha, orderId)
    const text = before.questions.find((question) => question.kind === 'TEXT')!
    const answers = [...ratingsFor(before, 4), { questionId: text.id, text: 'More pickles, please.' }]

    const first = await submit(asha, { orderId, answers, comment: '  Lovely staff.  ' })
    expect(first.status).toBe(201)
    expect(first.text.startsWith('U2FsdGVkX1')).toBe(true)
    expect(first.body).toMatchObject({ orderId, isFeedbackSubmitted: true, canSubmit: false, feedback: { comment: 'Lovely staff.' } })
    expect((first.body as FeedbackResponse).feedback!.answers).toEqual(answers)

    const second = await submit(asha, { orderId, answers: ratingsFor(before, 5) })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({ code: 'feedback_already_submitted', message: FEEDBACK_ALREADY_SUBMITTED })
    const stored = await t.db.select().from(feedbacks).where(eq(feedbacks.orderId, orderId))
    expect(stored).toHaveLength(1)
    expect(stored[0]!.answers.every((answer) => answer.rating === undefined || answer.rating === 4)).toBe(true)

    expect(await questionsOf(asha, orderId)).toMatchObject({ isFeedbackSubmitted: true, feedback: { comment: 'Lovely staff.' } })
  })

  it('two submits at once store one feedback; the other is 409', async () => {
    const orderId = await orderAt(empireId, '15', asha)
    const answers = ratingsFor(await questionsOf(asha, orderId), 3)
    const results = await Promise.all([submit(asha, { orderId, answers }), submit(asha, { orderId, answers })])
    expect(results.map((result) => result.status).sort()).toEqual([201, 409])
    expect(await t.db.select().from(feedbacks).where(eq(feedbacks.orderId, orderId))).toHaveLength(1)
  })

  it('is 404 for customer B on customer A’s order, and for a guest without the token', async () => {
    const orderId = await orderAt(empireId, '16', asha)
    const answers = ratingsFor(await questionsOf(asha, orderId), 5)
    expect((await submit(ben, { orderId, answers })).status).toBe(404)
    expect((await submit(undefined, { orderId, answers })).status).toBe(404)
    expect(await t.db.select().from(feedbacks).where(eq(feedbacks.orderId, orderId))).toHaveLength(0)
  })

  it('lets a guest rate their own guest order by its id', async () => {
    const orderId = await orderAt(empireId, '16')
    const response = await submit(undefined, { orderId, answers: ratingsFor(await questionsOf(undefined, orderId), 5) })
    expect(response.status).toBe(201)
  })

  it('is 409 until the order is finished', async () => {
    for (const status of ['6', '19', '12', '13', '14', '9']) {
      const orderId = await orderAt(empireId, status, asha)
      const answer = await questionsOf(asha, orderId)
      expect(answer.canSubmit).toBe(false)
      const response = await submit(asha, { orderId, answers: ratingsFor(answer, 5) })
      expect(response.status, status).toBe(409)
      expect(response.body).toMatchObject({ code: 'order_not_finished', message: FEEDBACK_NOT_YET })
    }
  })

  it('refuses bad ratings, missing ratings and other restaurants’ questions with 400', async () => {
    const orderId = await orderAt(empireId, '16', asha)
    const asked = await questionsOf(asha, orderId)
    const rated = ratingsFor(asked, 5)
    const velvet = await questionsOf(asha, await orderAt(velvetId, '17', asha, { dishes: [await dishesOf(velvetId, 'cocktail')] }))
    const cocktails = velvet.questions.find((question) => question.question === 'How were the cocktails?')!
    const text = asked.questions.find((question) => question.kind === 'TEXT')!
    const refusals = [
      { orderId, answers: [{ ...rated[0]!, rating: 0 }, ...rated.slice(1)] },
      { orderId, answers: [{ ...rated[0]!, rating: 6 }, ...rated.slice(1)] },
      { orderId, answers: [{ ...rated[0]!, rating: 2.5 }, ...rated.slice(1)] },
      { orderId, answers: rated.slice(1) },
      { orderId, answers: [...rated, { questionId: cocktails.id, rating: 5 }] },
      { orderId, answers: [...rated, rated[0]!] },
      { orderId, answers: [...rated, { questionId: text.id, rating: 5 }] },
      { orderId, answers: [{ questionId: rated[0]!.questionId, rating: 5, text: 'both' }, ...rated.slice(1)] },
    ]
    for (const payload of refusals) {
      const response = await submit(asha, payload)
      expect(response.status, JSON.stringify(payload.answers[0])).toBe(400)
    }
    expect((await callAs(t, asha, 'POST', PATH, { orderId, answers: rated })).status).toBe(400)
    expect(await t.db.select().from(feedbacks).where(eq(feedbacks.orderId, orderId))).toHaveLength(0)
    expect(t.errors).toEqual([])
  })
})
