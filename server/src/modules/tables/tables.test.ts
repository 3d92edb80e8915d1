import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RestaurantDetail } from '@/shared/api/contracts/merchants'
import type { TableLookupResponse } from '@/shared/api/contracts/tables'
import { diningTables, locations } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let soma: RestaurantDetail
beforeAll(async () => {
  t = await createTestApp()
  soma = (await t.postEncrypted('/merchants/locations/slug', { slug: 'olive-tree-soma' })).body as RestaurantDetail
})
afterAll(() => t.close())

const tableNamed = (restaurant: RestaurantDetail, name: string) => {
  for (const section of restaurant.tableSection) {
    const table = section.tables.find((candidate) => candidate.name === name)
    if (table) return { ...table, sectionName: section.name }
  }
  throw new Error(`${restaurant.locationSlug} has no table ${name}`)
}

describe('POST /merchants/tables/v2', () => {
  it('resolves a table to its restaurant, encrypted both ways', async () => {
    const t4 = tableNamed(soma, 'T4')
    const response = await t.postEncrypted('/merchants/tables/v2', { tableId: t4.id })
    expect(response.status).toBe(200)
    expect(response.contentType).toContain('text/plain')
    expect(response.text).toMatch(/^U2FsdGVkX1/)
    expect(response.body).toEqual({
      table: { id: t4.id, name: 'T4', capacity: t4.capacity, sectionName: t4.sectionName },
      locationId: soma.id,
      locationSlug: 'olive-tree-soma',
      merchantType: soma.merchantType,
    } satisfies TableLookupResponse)
  })

  it('tells tables of different restaurants apart', async () => {
    const hayes = (await t.postEncrypted('/merchants/locations/slug', { slug: 'olive-tree-hayes-valley' })).body as RestaurantDetail
    const t1 = tableNamed(hayes, 'T1')
    expect(t1.id).not.toBe(tableNamed(soma, 'T1').id)
    const body = (await t.postEncrypted('/merchants/tables/v2', { tableId: t1.id })).body as TableLookupResponse
    expect(body).toMatchObject({ locationSlug: 'olive-tree-hayes-valley', locationId: hayes.id, table: { name: 'T1' } })
  })

  it('answers 404 for a table that does not exist', async () => {
    const response = await t.postEncrypted('/merchants/tables/v2', { tableId: '00000000-0000-4000-8000-000000000000' })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ status: 404, code: 'table_not_found', message: 'This table was not found.' })
    expect(t.errors).toEqual([])
  })

  it('answers 404 for a retired table and for a table of a closed-down location', async () => {
    const t2 = tableNamed(soma, 'T2')
    await t.db.update(diningTables).set({ isActive: false }).where(eq(diningTables.id, t2.id))
    expect((await t.postEncrypted('/merchants/tables/v2', { tableId: t2.id })).status).toBe(404)

    const t3 = tableNamed(soma, 'T3')
    expect((await t.postEncrypted('/merchants/tables/v2', { tableId: t3.id })).status).toBe(200)
    await t.db.update(locations).set({ isActive: false }).where(eq(locations.id, soma.id))
    try {
      expect((await t.postEncrypted('/merchants/tables/v2', { tableId: t3.id })).status).toBe(404)
    } finally {
      await t.db.update(locations).set({ isActive: true }).where(eq(locations.id, soma.id))
    }
  })

  it('refuses a malformed table id with 400 naming the field', async () => {
    for (const tableId of ['T4', '', 42, null]) {
      const response = await t.postEncrypted('/merchants/tables/v2', { tableId })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ status: 400, code: 'invalid_request' })
      expect((response.body as { message: string }).message).toMatch(/tableId/)
    }
    const missing = await t.postEncrypted('/merchants/tables/v2', {})
    expect(missing.status).toBe(400)
    expect((missing.body as { message: string }).message).toMatch(/tableId/)
  })

  it('accepts only the encrypted wire format', async () => {
    const plain = await t.postJson('/merchants/tables/v2', { tableId: tableNamed(soma, 'T4').id })
    expect(plain.status).toBe(400)
    expect(plain.body).toMatchObject({ code: 'missing_payload' })
    const garbage = await t.postJson('/merchants/tables/v2', { data: 'not a ciphertext' })
    expect(garbage.body).toMatchObject({ status: 400, code: 'undecryptable_payload' })
    const empty = await t.postRaw('/merchants/tables/v2', '')
    expect(empty.body).toMatchObject({ status: 400, code: 'empty_body' })
  })
})
