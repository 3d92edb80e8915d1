import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { Modifier } from '@/shared/api/contracts/merchants'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { menuItems, orderItemOptions, orderItems } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { Transaction } from '../../db/executor'

type PricedLine = TotalsResponse['lines'][number]

/** The rows of a raw statement, whichever driver ran it (PGlite answers {rows}, postgres.js the rows). */
async function rowsOf<T>(tx: Transaction, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as T[] | { rows: T[] }
  return Array.isArray(result) ? result : result.rows
}

/**
 * Takes the ordered quantities from stock in one statement (docs/checkout.md "Stock"): the counted
 * dishes are locked in id order, then each is taken only where `stock_quantity >= quantity`, so two
 * orders racing for the last one cannot both win and two baskets in opposite orders cannot deadlock.
 * No restaurant-wide lock: orders of other dishes at the same restaurant never wait. A dish that
 * could not be taken refuses the whole placement (its transaction rolls back what was taken).
 * The menu's version moves only when the stock a diner sees changes (migration 0013).
 */
export async function takeStock(tx: Transaction, lines: Pick<PricedLine, 'itemId' | 'name' | 'quantity'>[]) {
  const byItem = new Map<string, { name: string; quantity: number }>()
  for (const line of lines) byItem.set(line.itemId, { name: line.name, quantity: (byItem.get(line.itemId)?.quantity ?? 0) + line.quantity })
  if (byItem.size === 0) return
  const wanted = JSON.stringify([...byItem].map(([id, { quantity }]) => ({ id, q: quantity })))
  const short = await rowsOf<{ id: string }>(
    tx,
    sql`with wanted as (select * from jsonb_to_recordset(${wanted}::jsonb) as w(id uuid, q integer)),
      locked as (
        select m.id from ${menuItems} m join wanted w on w.id = m.id
        where m.stock_quantity is not null order by m.id for no key update of m
      ),
      taken as (
        update ${menuItems} m set stock_quantity = m.stock_quantity - w.q from wanted w
        where w.id = m.id and m.id in (select id from locked) and m.stock_quantity >= w.q
        returning m.id
      )
      select id from locked where id not in (select id from taken) order by id`,
  )
  if (short.length > 0) {
    const { name } = byItem.get(short[0]!.id)!
    throw new ApiError(409, 'out_of_stock', `${name} has just sold out. Please lower the quantity or remove it.`)
  }
}

/** The orders' counted dishes as a statement's `back (id, q)`: what they took from stock, by dish. */
const takenBy = (orderIds: string[]) =>
  sql`select ${orderItems.itemId} as id, sum(${orderItems.quantity})::integer as q from ${orderItems}
    where ${orderItems.orderId} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb)) and ${orderItems.itemId} is not null
    group by ${orderItems.itemId}`

/**
 * Gives the orders' counted dishes back to stock (cancelled or expired orders) in one statement,
 * locking them in id order like takeStock, so it never deadlocks with a placement; the menu-version
 * trigger fires once for the statement and takes the locations it bumps in id order too.
 */
export async function giveBackStock(tx: Transaction, orderIds: string[]) {
  if (orderIds.length === 0) return
  await tx.execute(
    sql`with back as (${takenBy(orderIds)}),
      locked as (select m.id from ${menuItems} m join back b on b.id = m.id where m.stock_quantity is not null order by m.id for no key update of m)
      update ${menuItems} m set stock_quantity = m.stock_quantity + b.q from back b where b.id = m.id and m.id in (select id from locked)`,
  )
}

/** A line row's columns, with the id it gets (chosen here, so its options go in the same statement). */
function lineRows(orderId: string, lines: PricedLine[], comments: (string | null)[], firstSortOrder: number, round: number) {
  return lines.map((line, index) => ({
    id: randomUUID(),
    orderId,
    itemId: line.itemId,
    name: line.name,
    quantity: line.quantity,
    unitPriceMinor: line.unitPrice,
    lineSubtotalMinor: line.lineSubtotal,
    itemTaxBp: Math.round(line.itemTaxRate * 100),
    itemTaxMinor: line.itemTax,
    comment: comments[index] || null,
    sortOrder: firstSortOrder + index,
    round,
  }))
}

/** Each option's single (1) or multiple (2) choice type, from the modifiers pricing loaded. */
export function typeIdsOf(modifiersByItem: Map<string, Modifier[]>): Map<string, number> {
  const typeIds = new Map<string, number>()
  for (const modifiers of modifiersByItem.values()) for (const modifier of modifiers) for (const option of modifier.options) typeIds.set(option.id, modifier.typeId)
  return typeIds
}

type LineOptions = { comments: (string | null)[]; typeIds: Map<string, number>; firstSortOrder?: number; round?: number; also?: SQL[] }

/**
 * The writes of priced lines and their chosen options as copies (names, prices and choice types),
 * so a later menu change leaves the order alone: a multi-row insert of the lines and one of their
 * options, with the rows they write (ids chosen here), so the caller need not read them back.
 * `firstSortOrder` continues an order's lines; `round` is a dine-in round. Other writes of the
 * caller's come first (`also`). Each write can be a part of one statement (orderLinesStatement, or
 * the CTEs of the order's own insert).
 */
export function orderLinesWrites(tx: Transaction, orderId: string, lines: PricedLine[], { comments, typeIds, firstSortOrder = 0, round = 1, also = [] }: LineOptions) {
  const rows = lineRows(orderId, lines, comments, firstSortOrder, round)
  const options = lines.flatMap((line, index) =>
    line.options.map((option) => ({
      id: randomUUID(),
      orderItemId: rows[index]!.id,
      modifierOptionId: option.modifierOptionId,
      optionName: option.optionName,
      modifier: option.modifier,
      priceMinor: option.price,
      quantity: option.quantity,
      typeId: typeIds.get(option.modifierOptionId) ?? 1,
    })),
  )
  const writes = [
    ...also,
    ...(rows.length ? [tx.insert(orderItems).values(rows).getSQL()] : []),
    ...(options.length ? [tx.insert(orderItemOptions).values(options).getSQL()] : []),
  ]
  return { writes, rows, options }
}

/** orderLinesWrites as one statement (the last write the main one, the others its CTEs). */
export function orderLinesStatement(tx: Transaction, orderId: string, lines: PricedLine[], lineOptions: LineOptions) {
  const { writes, rows, options } = orderLinesWrites(tx, orderId, lines, lineOptions)
  const last = writes.pop()
  const statement = !last ? sql`select 1` : writes.length ? sql`with ${sql.join(writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`), sql`, `)} ${last}` : last
  return { statement, rows, options }
}

/** Writes priced lines and their chosen options (orderLinesStatement) in one round trip. */
export async function writeOrderLines(
  tx: Transaction,
  orderId: string,
  lines: PricedLine[],
  options: LineOptions,
) {
  if (lines.length) await tx.execute(orderLinesStatement(tx, orderId, lines, options).statement)
}
