import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Address } from '@/shared/api/contracts/account'
import { addresses } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { callAs, createTestCustomer, type TestCustomer } from '../../test/signed-in-client'

let t: TestApp
let asha: TestCustomer
let ben: TestCustomer

beforeAll(async () => {
  t = await createTestApp()
  asha = await createTestCustomer(t, 'Asha', '+14155550301')
  ben = await createTestCustomer(t, 'Ben', '+14155550302')
})
afterAll(() => t.close())

const home = { tag: 'Home', addressLine1: '1 Market St', addressLine2: 'Apt 4', lat: 37.79, lng: -122.39 }
const list = async (who: TestCustomer) => (await callAs(t, who, 'GET', `/addresses?customerId=${who.id}`)).body as Address[]
const add = async (who: TestCustomer, body: object) => (await callAs(t, who, 'POST', '/addresses', body)).body as Address
const selectedOf = async (who: TestCustomer) => (await list(who)).filter((a) => a.isSelected).map((a) => a.addressLine1)

describe('delivery addresses', () => {
  it('adds addresses; the first one becomes selected, later ones do not', async () => {
    const response = await callAs(t, asha, 'POST', '/addresses', home)
    expect(response.status).toBe(201)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.body).toMatchObject({ ...home, customerId: asha.id, customTag: null, addressLine3: '', isSelected: true })
    const work = await add(asha, { tag: 'Work', addressLine1: '500 Howard St', lat: 37.78, lng: -122.4 })
    expect(work.isSelected).toBe(false)
    expect(await selectedOf(asha)).toEqual(['1 Market St'])
    expect((await list(asha)).map((a) => a.addressLine1)).toEqual(['500 Howard St', '1 Market St'])
  })

  it('needs a name for a Custom tag and a first line', async () => {
    const noName = await callAs(t, asha, 'POST', '/addresses', { ...home, tag: 'Custom' })
    expect(noName.status).toBe(400)
    expect(noName.body.message).toContain('customTag must be given when tag is Custom')
    const noLine = await callAs(t, asha, 'POST', '/addresses', { ...home, addressLine1: ' ' })
    expect(noLine.status).toBe(400)
    expect(noLine.body.message).toContain('addressLine1 is required')
    const custom = await add(asha, { ...home, tag: 'Custom', customTag: "Grandma's", addressLine1: '9 Pine St' })
    expect(custom).toMatchObject({ tag: 'Custom', customTag: "Grandma's", isSelected: false })
  })

  it('edits an address, and selecting one unselects the others', async () => {
    const [pine, howard] = await list(asha)
    const edited = await callAs(t, asha, 'PUT', `/addresses/${howard!.id}`, { addressLine2: 'Floor 3' })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ addressLine1: '500 Howard St', addressLine2: 'Floor 3', tag: 'Work' })
    await callAs(t, asha, 'PUT', `/addresses/${pine!.id}`, { isSelected: true })
    expect(await selectedOf(asha)).toEqual(['9 Pine St'])
    await callAs(t, asha, 'PUT', `/addresses/${howard!.id}`, { isSelected: true })
    expect(await selectedOf(asha)).toEqual(['500 Howard St'])
  })

  it('deleting the selected address selects the newest remaining one, or none', async () => {
    const [, howard] = await list(asha)
    const removed = await callAs(t, asha, 'DELETE', `/addresses/${howard!.id}`)
    expect(removed.status).toBe(200)
    const [pine, market] = await list(asha)
    expect(removed.body).toEqual({ removed: true, selectedAddressId: pine!.id })
    expect(await selectedOf(asha)).toEqual(['9 Pine St'])
    // An unselected one leaves the selection alone.
    expect((await callAs(t, asha, 'DELETE', `/addresses/${market!.id}`)).body).toEqual({ removed: true, selectedAddressId: pine!.id })
    expect((await callAs(t, asha, 'DELETE', `/addresses/${pine!.id}`)).body).toEqual({ removed: true, selectedAddressId: null })
    expect(await list(asha)).toEqual([])
  })

  it('hides one customer’s addresses from another (404) and refuses calls without a token (401)', async () => {
    const mine = await add(asha, home)
    const attempts = [
      callAs(t, ben, 'GET', `/addresses?customerId=${asha.id}`),
      callAs(t, ben, 'POST', '/addresses', { ...home, customerId: asha.id }),
      callAs(t, ben, 'PUT', `/addresses/${mine.id}`, { addressLine1: 'Stolen' }),
      callAs(t, ben, 'PUT', `/addresses/${mine.id}`, { isSelected: true }),
      callAs(t, ben, 'DELETE', `/addresses/${mine.id}`),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ status: 404, code: 'not_found' })
    }
    for (const response of await Promise.all([
      callAs(t, undefined, 'GET', `/addresses?customerId=${asha.id}`),
      callAs(t, undefined, 'POST', '/addresses', home),
      callAs(t, undefined, 'DELETE', `/addresses/${mine.id}`),
    ])) {
      expect(response.status).toBe(401)
    }
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, mine.id))
    expect(row).toMatchObject({ addressLine1: '1 Market St', customerId: asha.id })
    expect(await list(ben)).toEqual([])
    expect(t.errors).toEqual([])
  })
})
