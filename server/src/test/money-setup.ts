import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { diningTables, locations, menuItems } from '../db/schema'
import type { TestApp } from './harness'

/** The seeded place the money tests order from: Empire Burger (open 24 hours), its tables and its Patty Melt ($15.00). */
export type EmpireBurger = { empireId: string; tableIds: string[]; pattyMelt: string }

export async function empireBurger(t: TestApp): Promise<EmpireBurger> {
  const [empire] = await t.db.select().from(locations).where(eq(locations.locationSlug, 'empire-burger'))
  const empireId = empire!.id
  const tableIds = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, empireId))).map((table) => table.id)
  const [melt] = await t.db.select().from(menuItems).where(and(eq(menuItems.locationId, empireId), eq(menuItems.name, 'Patty Melt')))
  return { empireId, tableIds, pattyMelt: melt!.id }
}

/** A sandbox card token for `number` (a test card of the sandbox provider), valid until next year. */
export async function sandboxCardToken(t: TestApp, number = '4242424242424242'): Promise<string> {
  const response = await t.app.request('/api/provider/sandbox/tokenize', {
    method: 'POST',
    headers: { Authorization: SANDBOX_TOKENIZE_AUTHORIZATION, 'Content-Type': 'application/json' },
    body: JSON.stringify({ number, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' }),
  })
  const body = await response.text()
  expect(response.status, body).toBe(201)
  return (JSON.parse(body) as { token: string }).token
}
