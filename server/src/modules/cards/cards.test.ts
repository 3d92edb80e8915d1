import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SavedCard } from '@/shared/api/contracts/account'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { encryptPayload } from '@/shared/lib/crypto/payload'
import { diningTables, locations, menuItems } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type SignedInResponse, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer
const responses: SignedInResponse[] = []
const logged: unknown[] = []

const CARD = '4242424242424242'
const CVC = '737'
const nextYear = new Date().getUTCFullYear() + 1
const provider = { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION }

async function tokenize(card: object, headers: Record<string, string> = provider) {
  const response = await callAs(t, undefined, 'POST', '/provider/sandbox/tokenize', card, headers)
  responses.push(response)
  return response
}

async function as(who: TestCustomer | undefined, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
  const response = await callAs(t, who, method, path, body)
  responses.push(response)
  return response
}

let keys = 0
async function ordering(who: TestCustomer, path: string, payload: object) {
  const response = await callAs(t, who, 'POST', path, { data: encryptPayload(payload, t.env.PAYLOAD_KEY) }, { 'Idempotency-Key': `cards-${++keys}` })
  responses.push(response)
  expect(response.status, `${path}: ${response.text}`).toBeLessThan(300)
  return response
}

// Whole-number matches only: a CVC's digits may well occur inside a hex fingerprint or a phone number.
/**
 * Rows holding `secret` in a text or JSON column. A card number anywhere in a value counts; a
 * 3–4 digit CVC only as a whole value or a quoted JSON string — as digits among others it turns up
 * by chance in timestamps' milliseconds ("…:15.815Z") and in ids, and a stored CVC would be one of those.
 */
async function occurrencesInTables(secret: string): Promise<number> {
  const pattern = secret.length <= 4 ? `(^|")${secret}("|$)` : `(^|[^0-9])${secret}([^0-9]|$)`
  const columns = await t.db.execute<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  )
  let total = 0
  for (const { table_name, column_name } of 'rows' in columns ? columns.rows : (columns as unknown as { table_name: string; column_name: string }[])) {
    const found = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ~ ${pattern}`,
    )
    const [row] = ('rows' in found ? found.rows : (found as unknown as { n: number }[])) as { n: number }[]
    total += row!.n
  }
  return total
}

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550401')
  ben = await createTestCustomer(t, 'Ben', '+14155550402')
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level]
    console[level] = (...args: unknown[]) => {
      logged.push(args)
      original(...args)
    }
  }
})
afterAll(() => t.close())

describe('sandbox tokenisation', () => {
  it('tokenises a valid card with the static provider key and tells only brand, last 4 and expiry', async () => {
    const response = await tokenize({ number: CARD, expMonth: 12, expYear: nextYear, cvc: CVC })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ token: expect.stringMatching(/^tok_sandbox_/), brand: 'VISA', last4: '4242', expMonth: 12, expYear: nextYear })
  })

  it('refuses a request without the provider key', async () => {
    expect((await tokenize({ number: CARD, expMonth: 12, expYear: nextYear, cvc: CVC }, {})).status).toBe(401)
  })

  it.each([
    ['a number failing Luhn', { number: '4242424242424241', expMonth: 12, expYear: nextYear, cvc: CVC }],
    ['an expired card', { number: CARD, expMonth: 1, expYear: 2020, cvc: CVC }],
    ['a short CVC', { number: CARD, expMonth: 12, expYear: nextYear, cvc: '12' }],
    ['an unknown brand', { number: '9999999999999995', expMonth: 12, expYear: nextYear, cvc: CVC }],
    ['letters', { number: '4242abcd42424242', expMonth: 12, expYear: nextYear, cvc: CVC }],
  ])('answers 400 "Invalid Card Details" for %s', async (_, card) => {
    const response = await tokenize(card)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ status: 400, code: 'invalid_card', message: 'Invalid Card Details' })
  })

  it('declines the declined test number with 402', async () => {
    const response = await tokenize({ number: '4000000000000002', expMonth: 12, expYear: nextYear, cvc: CVC })
    expect(response.status).toBe(402)
    expect(response.body).toMatchObject({ message: 'Invalid Card Details', code: 'card_declined' })
  })

  it('recognises brands by BIN', async () => {
    const brands: Record<string, string> = {
      '5555555555554444': 'MASTERCARD',
      '2223003122003222': 'MASTERCARD',
      '378282246310005': 'AMEX',
      '6011111111111117': 'DISCOVER',
      '6521500000000006': 'RUPAY',
      '8112345678901239': 'RUPAY',
      '6076530000000002': 'RUPAY',
    }
    for (const [number, brand] of Object.entries(brands)) {
      const cvc = brand === 'AMEX' ? '1234' : CVC
      const response = await tokenize({ number, expMonth: 6, expYear: nextYear, cvc })
      expect(response.body.brand, number).toBe(brand)
    }
  })
})

describe('saved cards', () => {
  it('saves a card from a token, lists it with the saved card field names, and saving it again returns the same card', async () => {
    const { body: token } = await tokenize({ number: CARD, expMonth: 12, expYear: nextYear, cvc: CVC, zipcode: '94105' })
    const saved = await as(asha, 'POST', '/cards', { customerId: asha.id, token: token.token, zipcode: '94105' })
    expect(saved.status).toBe(201)
    expect(saved.headers.get('cache-control')).toBe('no-store')
    const card = saved.body as SavedCard
    expect(card).toEqual({
      id: expect.any(String),
      Brand: 'VISA',
      ExpirationMonth: 12,
      ExpirationYear: nextYear,
      Last4: '4242',
      cardType: 'credit',
      lastFourDigits: '4242',
      zipcode: '94105',
    })
    const { body: again } = await tokenize({ number: CARD, expMonth: 12, expYear: nextYear, cvc: CVC })
    const twice = await as(asha, 'POST', '/cards', { customerId: asha.id, token: again.token })
    expect(twice.status).toBe(200)
    expect(twice.body.id).toBe(card.id)
    expect((await as(asha, 'GET', `/cards?customerId=${asha.id}`)).body).toEqual([card])
  })

  it('refuses an unknown token with "Invalid Card Details"', async () => {
    const response = await as(asha, 'POST', '/cards', { customerId: asha.id, token: 'tok_sandbox_0000000000000000' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Invalid Card Details')
  })

  it('hides one customer’s cards from another (404) and needs a token (401)', async () => {
    const [card] = (await as(asha, 'GET', `/cards?customerId=${asha.id}`)).body as SavedCard[]
    const { body: token } = await tokenize({ number: '5555555555554444', expMonth: 3, expYear: nextYear, cvc: CVC })
    for (const response of [
      await as(ben, 'GET', `/cards?customerId=${asha.id}`),
      await as(ben, 'POST', '/cards', { customerId: asha.id, token: token.token }),
      await as(ben, 'DELETE', `/cards?cardId=${card!.id}`),
    ]) {
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ status: 404, code: 'not_found' })
    }
    expect((await as(undefined, 'GET', `/cards?customerId=${asha.id}`)).status).toBe(401)
    expect((await as(undefined, 'DELETE', `/cards?cardId=${card!.id}`)).status).toBe(401)
    expect((await as(asha, 'GET', `/cards?customerId=${asha.id}`)).body).toHaveLength(1)
    expect((await as(ben, 'GET', `/cards?customerId=${ben.id}`)).body).toEqual([])
  })

  it('deletes a card', async () => {
    const [card] = (await as(asha, 'GET', `/cards?customerId=${asha.id}`)).body as SavedCard[]
    const removed = await as(asha, 'DELETE', `/cards?cardId=${card!.id}`)
    expect(removed.body).toEqual({ removed: true })
    expect((await as(asha, 'GET', `/cards?customerId=${asha.id}`)).body).toEqual([])
    expect((await as(asha, 'DELETE', `/cards?cardId=${card!.id}`)).status).toBe(404)
  })
})

describe('no card number or CVC anywhere (docs/payments.md, "Saved cards")', () => {
  it('keeps them out of the payment flows too: a new card at checkout, saving it, split shares and a decline', async () => {
    const mastercard = '5105105105105100'
    const mastercardCvc = '919'
    const declined = '4000000000000341'
    const declinedCvc = '815'
    const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.locationId, empire!.id))
    const dish = (await t.db.select().from(menuItems).where(eq(menuItems.locationId, empire!.id))).find((item) => item.name === 'Patty Melt')
    const order = (path: string, payload: object) => ordering(asha, path, payload)
    const before = { mastercardCvc: await occurrencesInTables(mastercardCvc), declinedCvc: await occurrencesInTables(declinedCvc) }

    const tab = (await order('/order/customer/createOrder', { locationId: empire!.id, orderTypeCode: 'dinein', items: [{ itemId: dish!.id, quantity: 2 }], tableId: table!.id })).body
    const split = (await order('/order/customer/split', { orderId: tab.orderId, mode: 'EVEN', parts: 2 })).body
    const [first, second] = split.shares as { id: string }[]
    const { body: newCard } = await tokenize({ number: mastercard, expMonth: 8, expYear: nextYear, cvc: mastercardCvc, zipcode: '10036' })
    expect((await order('/payment/v2/authorize', { orderId: tab.orderId, splitId: first!.id, cardToken: newCard.token })).body.paymentStatus).toBe('18')
    expect((await order('/payment/collect-payment', { orderId: tab.orderId, splitId: first!.id })).body.paymentStatus).toBe('19')
    const saved = await as(asha, 'POST', '/cards', { customerId: asha.id, token: newCard.token, zipcode: '10036' })
    expect(saved.body).toMatchObject({ Last4: '5100' })
    expect((await order('/payment/initiatePayment', { orderId: tab.orderId, kind: 'CNP', splitId: second!.id, savedCardId: saved.body.id })).body.paymentStatus).toBe('18')
    expect((await order('/payment/collect-payment', { orderId: tab.orderId, splitId: second!.id })).body.paymentStatus).toBe('19')
    const receipt = await order('/order/customer', { orderId: tab.orderId, splitId: first!.id })
    expect(receipt.body.payments).toEqual(expect.arrayContaining([expect.objectContaining({ last4: '5100' })]))

    const pickup = (await order('/order/customer/createOrder', { locationId: empire!.id, orderTypeCode: 'pickup', items: [{ itemId: dish!.id, quantity: 1 }] })).body
    const { body: declinedCard } = await tokenize({ number: declined, expMonth: 8, expYear: nextYear, cvc: declinedCvc })
    expect((await order('/payment/authorize-payment', { orderId: pickup.orderId, cardToken: declinedCard.token })).body.paymentStatus).toBe('20')

    expect(await occurrencesInTables(mastercard)).toBe(0)
    expect(await occurrencesInTables(declined)).toBe(0)
    expect(await occurrencesInTables(mastercardCvc)).toBe(before.mastercardCvc)
    expect(await occurrencesInTables(declinedCvc)).toBe(before.declinedCvc)
    for (const response of responses) {
      expect(response.text).not.toContain(mastercard)
      expect(response.text).not.toContain(declined)
      expect(JSON.stringify(response.body)).not.toContain(mastercard)
    }
    for (const secret of [mastercard, declined]) {
      expect(JSON.stringify(logged)).not.toContain(secret)
      expect(JSON.stringify(t.errors)).not.toContain(secret)
    }
  })

  it('has no column named like a card number or a CVV in any table', async () => {
    const columns = await t.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    )
    const rows = 'rows' in columns ? columns.rows : (columns as unknown as { table_name: string; column_name: string }[])
    expect(rows.length).toBeGreaterThan(50)
    const suspicious = rows.filter((row) => /pan|card_?number|cvv|cvc/i.test(row.column_name))
    expect(suspicious).toEqual([])
  })

  it('keeps the number and the CVC out of every text and JSON column, every response and every log line', async () => {
    const amex = '378282246310005'
    const amexCvc = '7319'
    const occurrences = occurrencesInTables
    const cvcBefore = await occurrences(amexCvc)
    const { body: token } = await tokenize({ number: amex, expMonth: 11, expYear: nextYear, cvc: amexCvc })
    expect(token.brand).toBe('AMEX')
    expect((await as(ben, 'POST', '/cards', { customerId: ben.id, token: token.token })).status).toBe(201)
    expect(await occurrences(CARD)).toBe(0)
    expect(await occurrences(amex)).toBe(0)
    expect(await occurrences(amexCvc)).toBe(cvcBefore)
    expect(responses.length).toBeGreaterThan(10)
    for (const response of responses) {
      expect(response.text).not.toContain(CARD)
      expect(response.text).not.toContain(amex)
    }
    for (const secret of [CARD, amex]) {
      expect(JSON.stringify(logged)).not.toContain(secret)
      expect(JSON.stringify(t.errors)).not.toContain(secret)
    }
  })
})
