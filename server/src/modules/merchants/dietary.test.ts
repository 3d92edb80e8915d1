import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuResponse } from '@/shared/api/contracts/merchants'
import { locations, menuItems } from '../../db/schema'
import { allergensOf, dietaryOf } from '../../db/seed/dietary'
import { dish } from '../../db/seed/menu-types'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
const ids: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  for (const slug of ['olive-tree-soma', 'spice-route-indiranagar', 'hanami-sushi']) {
    const [row] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.locationSlug, slug))
    ids[slug] = row!.id
  }
})
afterAll(() => t.close())

const menuOf = async (slug: string, orderType = 'pickup') =>
  (await t.get(`/merchants/locations/${ids[slug]}/menu?orderType=${orderType}`)).body as MenuResponse

/** Writes `patch` to the dish and answers the database's refusal (or null), leaving the dish as it was. */
async function refusal(itemId: string, patch: Partial<typeof menuItems.$inferInsert>): Promise<string | null> {
  const [before] = await t.db.select().from(menuItems).where(eq(menuItems.id, itemId))
  try {
    await t.db.update(menuItems).set(patch).where(eq(menuItems.id, itemId))
    await t.db.update(menuItems).set({ allergens: before!.allergens, dietary: before!.dietary, itemType: before!.itemType }).where(eq(menuItems.id, itemId))
    return null
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause
    return String(cause?.message ?? (error as Error).message)
  }
}

describe('Dietary marks and allergens (docs/menu.md)', () => {
  it('a US menu says market US and an Indian menu market IN, so each shows its own marks', async () => {
    expect((await menuOf('olive-tree-soma')).market).toBe('US')
    expect((await menuOf('spice-route-indiranagar')).market).toBe('IN')
  })

  it('every dish on the menu carries its allergens (a list, or null when nobody can say) and its dietary claims', async () => {
    const menu = await menuOf('hanami-sushi')
    const edamame = menu.items.find((item) => item.name === 'Edamame')!
    expect(edamame.dietary).toEqual(['vegan'])
    expect(edamame.allergens).toEqual(['soy'])
    const spicyTuna = menu.items.find((item) => item.name === 'Spicy Tuna Roll')!
    expect(spicyTuna.dietary).toContain('spicy')
    expect(spicyTuna.allergens).toEqual(expect.arrayContaining(['fish', 'soy']))
    for (const item of menu.items) expect(item.allergens === null || Array.isArray(item.allergens)).toBe(true)
  })

  it('the demo reads allergens from the words of a dish, blanks the misleading ones, and says null for a dish of the day', () => {
    expect(allergensOf(dish('Cortado', 500, 'Veg', 'Equal parts espresso and steamed milk.'))).toEqual(['milk'])
    expect(allergensOf(dish('Oat Latte', 500, 'Veg', 'Espresso with oat milk.'))).toEqual([])
    expect(allergensOf(dish('Crispy Squid', 500, 'Non-veg', 'Rice-flour dusted squid with aioli.'))).toEqual(['eggs', 'shellfish'])
    expect(allergensOf(dish('Pasta of the day', 500, 'Veg', 'The pasta of the day.'))).toBeNull()
    expect(dietaryOf(dish('Salad', 500, 'Veg', '', { tags: ['Vegan', 'Gluten-free', 'Bestseller'] }))).toEqual(['vegan', 'gluten-free'])
  })

  it('the database refuses a gluten-free claim on a dish with gluten or with unstated allergens', async () => {
    const [pasta] = await t.db.select().from(menuItems).where(eq(menuItems.slug, 'cacio-e-pepe')).limit(1)
    expect(await refusal(pasta!.id, { dietary: ['gluten-free'] })).toMatch(/menu_items_gluten_free_without_gluten/)
    expect(await refusal(pasta!.id, { dietary: ['gluten-free'], allergens: null })).toMatch(/menu_items_gluten_free_without_gluten/)
  })

  it('the database refuses a vegan claim on a dish with milk, eggs, fish or shellfish, or of the Egg or Non-veg food type', async () => {
    const [edamame] = await t.db.select().from(menuItems).where(eq(menuItems.slug, 'edamame')).limit(1)
    expect(await refusal(edamame!.id, { allergens: ['soy', 'milk'] })).toMatch(/menu_items_vegan_without_animal_allergens/)
    expect(await refusal(edamame!.id, { itemType: 'Egg' })).toMatch(/menu_items_vegan_without_animal_allergens/)
    expect(await refusal(edamame!.id, { allergens: ['soy', 'sesame'] })).toBeNull()
  })

  it('the database refuses an allergen or a dietary mark it does not know', async () => {
    const [edamame] = await t.db.select().from(menuItems).where(eq(menuItems.slug, 'edamame')).limit(1)
    expect(await refusal(edamame!.id, { allergens: ['soy', 'mustard' as never] })).toMatch(/menu_items_allergens_known/)
    expect(await refusal(edamame!.id, { dietary: ['keto' as never] })).toMatch(/menu_items_dietary_known/)
  })
})
