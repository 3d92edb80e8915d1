import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { SANDBOX_TOKENIZE_AUTHORIZATION } from '@/shared/api/contracts/card-provider'
import { diningTables, locations, menuItems, modifierOptions, modifiers } from '../db/schema'
import type { TestApp } from './harness'

/** The seeded place the money tests order from: Empire Burger (open 24 hours), its tables and its Patty Melt ($15.00). */
export type EmpireBurger = { empireId: string; tableIds: string[]; pattyMelt: string }

export async function empireBurger(t: TestApp): Promise<EmpireBurger> {
  const { locationId, itemId } = seededIds(() => t)
  const empireId = await locationId('empire-burger')
  const tableIds = (await t.db.select().from(diningTables).where(eq(diningTables.locationId, empireId))).map((table) => table.id)
  return { empireId, tableIds, pattyMelt: await itemId('empire-burger', 'Patty Melt') }
}

/** Ids of the seeded catalogue by name: a location by slug, a dish by its name there, an option by dish, modifier and name. */
export function seededIds(app: () => TestApp) {
  async function locationId(slug: string): Promise<string> {
    const [row] = await app().db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
    if (!row) throw new Error(`no location ${slug}`)
    return row.id
  }
  async function itemId(locationSlug: string, name: string): Promise<string> {
    const [row] = await app()
      .db.select({ id: menuItems.id })
      .from(menuItems)
      .where(and(eq(menuItems.locationId, await locationId(locationSlug)), eq(menuItems.name, name)))
    if (!row) throw new Error(`no item ${name} at ${locationSlug}`)
    return row.id
  }
  async function optionId(locationSlug: string, item: string, modifier: string, option: string): Promise<string> {
    const [row] = await app()
      .db.select({ id: modifierOptions.id })
      .from(modifierOptions)
      .innerJoin(modifiers, eq(modifierOptions.modifierId, modifiers.id))
      .where(and(eq(modifiers.itemId, await itemId(locationSlug, item)), eq(modifiers.name, modifier), eq(modifierOptions.name, option)))
    if (!row) throw new Error(`no option ${option} of ${item}`)
    return row.id
  }
  return { locationId, itemId, optionId }
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
