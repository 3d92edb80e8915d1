import { and, asc, eq, sql } from 'drizzle-orm'
import type { MenuCategory, MenuItem, MenuResponse } from '@/shared/api/contracts/merchants'
import { driverRows, type Database } from '../../db/client'
import type { Executor } from '../../db/executor'
import { cities, locations, media, menuCategories, menuItems, menuSubCategories, modifierOptions, modifiers, orderTypes } from '../../db/schema'
import { refuse, notFound } from '../../lib/errors'
import { modifierRowsOf } from '../../domain/modifiers'
import { percent } from '../../domain/money'
import { mediaUrl, type LocationRow } from './restaurant-view'

/* A location's menu (docs/menu.md "Which menu, and what of it"): loadMenuRows reads it, buildMenu shapes it, versionedMenu pairs it with its version for the cache. */

/** Everything one menu answer is built from, as loaded. */
export type MenuRows = {
  location: LocationRow
  country: string
  categories: (typeof menuCategories.$inferSelect)[]
  subCategories: { sub: typeof menuSubCategories.$inferSelect; media: { id: string; entityType: string; mimeType: string } | null }[]
  items: (typeof menuItems.$inferSelect)[]
  modifiers: (typeof modifiers.$inferSelect)[]
  options: (typeof modifierOptions.$inferSelect)[]
}

/** What the menu cache reads: versions of many locations at once, and a menu with the version it is at least as new as. */
export type MenuSource = {
  menuVersions(locationIds: readonly string[]): Promise<Map<string, number>>
  versionedMenu(locationId: string, menuType: string, visibleTo: string[]): Promise<{ menu: MenuResponse; version: number }>
}

export const menuSource = (db: Database, apiBase: string): MenuSource => ({
  menuVersions: (locationIds) => menuVersions(db, locationIds),
  versionedMenu: (locationId, menuType, visibleTo) => versionedMenu(db, apiBase, locationId, menuType, visibleTo),
})

/** The menu of an active location's order type, for the diners in `visibleTo`; 404 for a missing location or a menu type it does not offer. */
export async function loadMenuRows(db: Executor, locationId: string, menuType: string, visibleTo: string[]): Promise<MenuRows> {
  const [found] = await db
    .select({ location: locations, country: cities.country })
    .from(locations)
    .innerJoin(cities, eq(locations.cityId, cities.id))
    .where(and(eq(locations.isActive, true), eq(locations.id, locationId)))
  if (!found) throw notFound('The restaurant')
  const [orderType] = await db
    .select()
    .from(orderTypes)
    .where(and(eq(orderTypes.locationId, locationId), eq(orderTypes.code, menuType)))
  if (!orderType) throw refuse(404, 'menu_type_not_offered', `This restaurant has no ${menuType} menu.`)
  const [categoryRows, subRows, itemRows] = await Promise.all([
    db.select().from(menuCategories).where(eq(menuCategories.locationId, locationId)).orderBy(asc(menuCategories.sortOrder)),
    db
      .select({ sub: menuSubCategories, media: { id: media.id, entityType: media.entityType, mimeType: media.mimeType } })
      .from(menuSubCategories)
      .innerJoin(menuCategories, eq(menuSubCategories.categoryId, menuCategories.id))
      .leftJoin(media, eq(menuSubCategories.mediaId, media.id))
      .where(eq(menuCategories.locationId, locationId))
      .orderBy(asc(menuSubCategories.sortOrder)),
    db
      .select()
      .from(menuItems)
      .where(
        and(
          eq(menuItems.locationId, locationId),
          sql`${menuItems.visibleTo} ?| ${sql.raw(`array[${visibleTo.map((v) => `'${v}'`).join(',')}]`)}`,
          sql`(jsonb_array_length(${menuItems.orderTypeCodes}) = 0 or ${menuItems.orderTypeCodes} ? ${menuType})`,
        ),
      )
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.name)),
  ])
  const itemIds = itemRows.map((i) => i.id)
  const { modifierRows, optionRows } = await modifierRowsOf(db, itemIds)
  return { location: found.location, country: found.country, categories: categoryRows, subCategories: subRows, items: itemRows, modifiers: modifierRows, options: optionRows }
}

/**
 * The stock a menu answer shows (docs/menu.md "Stock on the menu"): 0 when sold out, the count when
 * it is at or below the dish's alert quantity ("Only 3 left"), else null (not counted, or plenty).
 * A sale that leaves plenty changes nothing here, so it keeps the menu's version (migration 0013's
 * `menu_stock_shown` is the same rule in SQL; stock-shown.test.ts holds them to the same answers).
 */
export function stockShown(stock: number | null, alert: number | null): number | null {
  if (stock === null) return null
  if (stock <= 0) return 0
  return alert !== null && stock <= alert ? stock : null
}

/** Rows grouped by a key, in their order: one pass instead of a filter per parent. */
function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

/** The menu answer of loaded rows: categories with their sub-categories, items with their modifiers and options, pictures as URLs. */
export function buildMenu(apiBase: string, rows: MenuRows, menuType: string): MenuResponse {
  const { location } = rows
  const imageUrl = (entityType: string, mediaId: string | null) => (mediaId ? mediaUrl(apiBase, entityType, mediaId) : null)
  const modifiersByItem = groupBy(rows.modifiers, (m) => m.itemId)
  const optionsByModifier = groupBy(rows.options, (o) => o.modifierId)
  const categoryById = new Map(rows.categories.map((c) => [c.id, c]))
  const subById = new Map(rows.subCategories.map((s) => [s.sub.id, s]))
  const categories: MenuCategory[] = rows.categories.map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    image: imageUrl('CATEGORY', c.mediaId),
    subCategories: rows.subCategories
      .filter((s) => s.sub.categoryId === c.id)
      .map((s) => ({ id: s.sub.id, name: s.sub.name, image: imageUrl('SUBCATEGORY', s.sub.mediaId) })),
  }))
  const items: MenuItem[] = rows.items.map((item) => {
    const sub = item.subCategoryId ? subById.get(item.subCategoryId) : undefined
    return {
      id: item.id,
      name: item.name,
      slug: item.slug,
      description: item.description,
      price: item.priceMinor,
      tax: item.taxBp === null ? null : percent(item.taxBp),
      display: item.display,
      categoryId: item.categoryId,
      category: categoryById.get(item.categoryId)?.name ?? '',
      subCategoryId: item.subCategoryId,
      subCategory: sub?.sub.name ?? null,
      subCategoryImg: sub?.media ? mediaUrl(apiBase, sub.media.entityType, sub.media.id) : null,
      subCategoryImgType: sub?.media?.mimeType ?? null,
      itemType: item.itemType,
      allergens: item.allergens ?? null,
      dietary: item.dietary,
      tags: item.tags,
      calories: item.calories,
      image: imageUrl('ITEM', item.mediaId),
      stockQuantity: stockShown(item.stockQuantity, item.alertQuantity),
      alertQuantity: item.alertQuantity,
      modifiers: (modifiersByItem.get(item.id) ?? []).map((m) => ({
        id: m.id,
        name: m.name,
        typeId: m.typeId,
        minSelect: m.minSelect,
        maxSelect: m.maxSelect,
        options: (optionsByModifier.get(m.id) ?? []).map((o) => ({
          id: o.id,
          name: o.name,
          price: o.priceMinor,
          isDefault: o.isDefault,
          maxQuantity: o.maxQuantity,
        })),
      })),
    }
  })
  return {
    locationId: location.id,
    menuType,
    currency: location.currency,
    market: rows.country === 'IND' ? 'IN' : 'US',
    orderTax: percent(location.defaultTaxBp),
    defaultItemTax: percent(location.defaultItemTaxBp),
    categories,
    items,
  }
}

/**
 * The menu and the location's menu version read before it: the menu is at least as new as
 * that version (read committed), so a cache keyed by the version never serves older data.
 */
export async function versionedMenu(db: Executor, apiBase: string, locationId: string, menuType: string, visibleTo: string[]): Promise<{ menu: MenuResponse; version: number }> {
  const rows = await loadMenuRows(db, locationId, menuType, visibleTo)
  return { menu: buildMenu(apiBase, rows, menuType), version: rows.location.menuVersion }
}

/** The menu of a location's order type, uncached (the event order page reads it so). */
export async function menuOf(db: Executor, apiBase: string, locationId: string, menuType: string, visibleTo: string[]): Promise<MenuResponse> {
  return (await versionedMenu(db, apiBase, locationId, menuType, visibleTo)).menu
}

/** The menu versions of active locations, by id (absent: no such active location). */
export async function menuVersions(db: Database, locationIds: readonly string[]): Promise<Map<string, number>> {
  // Every menu read asks this, so it goes straight to the driver (one constant, prepared statement).
  const rows = await driverRows<{ id: string; version: number }>(
    db,
    'select id, menu_version::float8 as version from locations where is_active and id = any($1::uuid[])',
    [[...new Set(locationIds)]],
  )
  return new Map(rows.map((row) => [row.id, row.version]))
}
