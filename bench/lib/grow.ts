// A deterministic catalogue of N restaurants with M-item menus, written straight into a database
// through drizzle: the demo seed's restaurants are unlisted and N copies of Olive Tree — SoMa are
// spread over the three cities, each with M items in categories of 25 (every fifth item with a
// 3-option modifier). Only ids differ between two runs.
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../server/src/db/client'
import { cities, locations, merchants } from '../../server/src/db/schema'

export async function growCatalogue(db: Database, restaurants: number, menuItems: number): Promise<{ locationIds: string[] }> {
  const [template] = await db
    .select({ location: locations, merchant: merchants })
    .from(locations)
    .innerJoin(merchants, eq(locations.merchantId, merchants.id))
    .where(eq(locations.locationSlug, 'olive-tree-soma'))
  if (!template) throw new Error('The demo seed has no olive-tree-soma to copy')
  const cityRows = await db.select().from(cities).orderBy(cities.name)
  await db.update(locations).set({ isActive: false })
  const { id: _m, createdAt: _mc, ...merchantFields } = template.merchant
  const { id: templateId, createdAt: _c, updatedAt: _u, ...locationFields } = template.location
  const centre = Object.fromEntries((await db.select({ cityId: locations.cityId, lat: locations.lat, lng: locations.lng }).from(locations).orderBy(locations.locationSlug)).map((l) => [l.cityId, l]))
  const locationIds: string[] = []
  for (let start = 0; start < restaurants; start += 200) {
    const batch = Array.from({ length: Math.min(200, restaurants - start) }, (_, k) => start + k)
    const merchantRows = await db
      .insert(merchants)
      .values(batch.map((n) => ({ ...merchantFields, name: `Bench Kitchen ${String(n).padStart(4, '0')}`, slug: `bench-kitchen-${n}` })))
      .returning()
    const inserted = await db
      .insert(locations)
      .values(
        batch.map((n, k) => {
          const city = cityRows[n % cityRows.length]!
          const near = centre[city.id] ?? template.location
          // A deterministic scatter of about ±5 km around the city's seeded restaurants.
          const angle = n * 2.399963
          const radius = ((n * 7919) % 1000) / 1000
          return {
            ...locationFields,
            merchantId: merchantRows[k]!.id,
            cityId: city.id,
            branchName: `Branch ${n}`,
            locationSlug: `bench-kitchen-${n}`,
            lat: near.lat + Math.sin(angle) * radius * 0.045,
            lng: near.lng + Math.cos(angle) * radius * 0.055,
            isActive: true,
          }
        }),
      )
      .returning()
    locationIds.push(...inserted.map((l) => l.id))
  }
  const generated = sql`(select id from locations where location_slug like 'bench-kitchen-%')`
  await db.execute(sql`insert into working_hours (location_id, day_of_week, session_name, opens_at, closes_at)
    select l.id, h.day_of_week, h.session_name, h.opens_at, h.closes_at from ${generated} l cross join working_hours h where h.location_id = ${templateId}`)
  await db.execute(sql`insert into order_types (location_id, code, name, type_group, sort_order)
    select l.id, t.code, t.name, t.type_group, t.sort_order from ${generated} l cross join order_types t where t.location_id = ${templateId}`)
  await db.execute(sql`insert into menu_categories (location_id, name, description, sort_order)
    select l.id, 'Category ' || g, 'Generated for the growth benchmark', g from ${generated} l cross join generate_series(1, ${Math.ceil(menuItems / 25)}) g`)
  await db.execute(sql`insert into menu_items (location_id, category_id, name, slug, description, price_minor, tags, sort_order)
    select c.location_id, c.id, 'Dish ' || c.sort_order || '.' || g, 'dish-' || c.sort_order || '-' || g,
      'A generated dish with a description about as long as a real one, to keep the payload honest.',
      500 + ((c.sort_order * 25 + g) * 37) % 2000, '["veg"]'::jsonb, g
    from menu_categories c join ${generated} l on l.id = c.location_id
    cross join generate_series(1, least(25, ${menuItems} - (c.sort_order - 1) * 25)) g`)
  await db.execute(sql`insert into modifiers (item_id, name, type_id, min_select, max_select)
    select i.id, 'Size', 1, 0, 1 from menu_items i join ${generated} l on l.id = i.location_id where i.sort_order % 5 = 0`)
  await db.execute(sql`insert into modifier_options (modifier_id, name, price_minor, sort_order)
    select m.id, o.name, o.price, o.sort from modifiers m join menu_items i on i.id = m.item_id join ${generated} l on l.id = i.location_id
    cross join (values ('Small', 0, 1), ('Regular', 150, 2), ('Large', 300, 3)) as o(name, price, sort)`)
  await db.execute(sql`analyze`)
  return { locationIds }
}
