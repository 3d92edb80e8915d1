import { randomUUID } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Modifier } from '@/shared/api/contracts/merchants'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { menuItems, orderItemOptions, orderItems } from '../../db/schema'
import { ApiError, databaseErrorOf } from '../../lib/errors'
import type { Transaction } from '../../db/executor'

type PricedLine = TotalsResponse['lines'][number]

/** The dishes a cart takes from stock, with their names (for the refusal) and summed quantities. */
export function stockWanted(lines: Pick<PricedLine, 'itemId' | 'name' | 'quantity'>[]) {
  const byItem = new Map<string, { name: string; quantity: number }>()
  for (const line of lines) byItem.set(line.itemId, { name: line.name, quantity: (byItem.get(line.itemId)?.quantity ?? 0) + line.quantity })
  /** take_stock's argument: one {id, q} per dish. */
  const json = JSON.stringify([...byItem].map(([id, { quantity }]) => ({ id, q: quantity })))
  return { byItem, json }
}

/**
 * The refusal of a statement that ran take_stock and found a dish short (SQLSTATE TF004, the dish's
 * id as its DETAIL): 409 out_of_stock naming the dish. Null for any other error.
 */
export function stockRefusal(error: unknown, byItem: Map<string, { name: string }>): ApiError | null {
  const failure = databaseErrorOf(error)
  if (failure?.code !== 'TF004') return null
  const name = byItem.get(failure.detail)?.name ?? 'A dish'
  return new ApiError(409, 'out_of_stock', `${name} has just sold out. Please lower the quantity or remove it.`)
}

/**
 * Takes the ordered quantities from stock in one statement (docs/checkout.md "Stock", migration
 * 0022's take_stock): the counted dishes are locked in id order, then each is taken only where
 * `stock_quantity >= quantity`, so two orders racing for the last one cannot both win and two
 * baskets in opposite orders cannot deadlock. No restaurant-wide lock: orders of other dishes at
 * the same restaurant never wait. A dish that could not be taken refuses the whole placement (its
 * transaction rolls back what was taken). The menu's version moves only when the stock a diner
 * sees changes (migration 0013). Placement takes its stock in the order's own statement instead.
 */
export async function takeStock(tx: Transaction, lines: Pick<PricedLine, 'itemId' | 'name' | 'quantity'>[]) {
  const { byItem, json } = stockWanted(lines)
  if (byItem.size === 0) return
  try {
    await tx.execute(sql`select take_stock(${json}::jsonb)`)
  } catch (error) {
    throw stockRefusal(error, byItem) ?? error
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

// A line's and an option's fields, in the order of their JSON records (`orderLines`).
const LINE_FIELDS = ['id', 'orderId', 'itemId', 'name', 'quantity', 'unitPriceMinor', 'lineSubtotalMinor', 'itemTaxBp', 'itemTaxMinor', 'comment', 'sortOrder', 'round'] as const
const OPTION_FIELDS = ['id', 'orderItemId', 'modifierOptionId', 'optionName', 'modifier', 'priceMinor', 'quantity', 'typeId'] as const

type LineRow = { [F in (typeof LINE_FIELDS)[number]]-?: Exclude<(typeof orderItems.$inferInsert)[F], undefined> }
type OptionRow = { [F in (typeof OPTION_FIELDS)[number]]-?: Exclude<(typeof orderItemOptions.$inferInsert)[F], undefined> }

/**
 * An INSERT of `table`'s rows given as one JSON array of records keyed by field name
 * (`jsonb_to_recordset`, each field typed as its column): the same text for any number of rows, so
 * the database keeps one prepared statement for every cart.
 */
function insertFromRecords(table: typeof orderItems | typeof orderItemOptions, fields: readonly string[], records: unknown): SQL {
  const columns = fields.map((field) => (table as unknown as Record<string, PgColumn>)[field]!)
  const names = sql.raw(columns.map((column) => `"${column.name}"`).join(', '))
  const picked = sql.raw(fields.map((field) => `"${field}"`).join(', '))
  const shape = sql.raw(fields.map((field, i) => `"${field}" ${columns[i]!.getSQLType()}`).join(', '))
  return sql`insert into ${table} (${names}) select ${picked} from jsonb_to_recordset(${records}::jsonb) as x(${shape})`
}

/** The inserts of an order's lines and of their options, from their JSON records (`orderLines`'s `records`, or placeholders for them). */
export const linesInserts = (lines: unknown, options: unknown): [SQL, SQL] => [
  insertFromRecords(orderItems, LINE_FIELDS, lines),
  insertFromRecords(orderItemOptions, OPTION_FIELDS, options),
]

/** Each option's single (1) or multiple (2) choice type, from the modifiers pricing loaded. */
export function typeIdsOf(modifiersByItem: Map<string, Modifier[]>): Map<string, number> {
  const typeIds = new Map<string, number>()
  for (const modifiers of modifiersByItem.values()) for (const modifier of modifiers) for (const option of modifier.options) typeIds.set(option.id, modifier.typeId)
  return typeIds
}

type LineOptions = { comments: (string | null)[]; typeIds: Map<string, number>; firstSortOrder?: number; round?: number }

/**
 * Priced lines and their chosen options as rows to write, copies (names, prices and choice types)
 * so that a later menu change leaves the order alone; their ids are chosen here, so the options go
 * in the same statement as their lines and the caller need not read either back. `records` are the
 * two JSON arrays `linesInserts` writes. `firstSortOrder` continues an order's lines; `round` is a
 * dine-in round.
 */
export function orderLines(orderId: string, lines: PricedLine[], { comments, typeIds, firstSortOrder = 0, round = 1 }: LineOptions) {
  const rows: LineRow[] = lines.map((line, index) => ({
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
  const options: OptionRow[] = lines.flatMap((line, index) =>
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
  return { rows, options, records: { lines: JSON.stringify(rows), options: JSON.stringify(options) } }
}

/** Writes priced lines and their chosen options (`orderLines`) in one statement: the options' insert with the lines' as its CTE. */
export async function writeOrderLines(tx: Transaction, orderId: string, lines: PricedLine[], options: LineOptions) {
  if (lines.length === 0) return
  const { records } = orderLines(orderId, lines, options)
  const [insertLines, insertOptions] = linesInserts(records.lines, records.options)
  await tx.execute(sql`with w0 as (${insertLines}) ${insertOptions}`)
}
