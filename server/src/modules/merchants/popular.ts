import { sql } from 'drizzle-orm'
import type { PopularDishesResponse } from '@/shared/api/contracts/merchants'
import type { Database } from '../../db/client'
import { notFound } from '../../lib/errors'

export type PopularOptions = {
  /** Days of orders counted, back from now. */
  windowDays?: number
  /** Dishes in the answer at most. */
  limit?: number
  /** Orders a dish needs in the window to count as popular: one party's order is not a trend. */
  minOrders?: number
  /** How long an answer is served before it is counted again. */
  refreshMs?: number
  /** Locations whose answers are kept at most; the oldest go first. */
  maxLocations?: number
  now?: () => Date
}

export const POPULAR_DEFAULTS = { windowDays: 30, limit: 5, minOrders: 3, refreshMs: 10 * 60_000, maxLocations: 10_000 } as const

/**
 * Orders that count: the kitchen has them or has done them (paid, promised at the restaurant,
 * an open table's rounds, and every status after). Unpaid, declined and cancelled orders never
 * count, so placing orders one does not pay cannot make a dish popular.
 */
export const COUNTED_STATUSES = ['19', '25', '11', '12', '70', '13', '14', '15', '16', '17', '41', '42', '43', '50', '59', '60'] as const

type Row = { id: string; orders: number }

/**
 * "Popular" (docs/menu.md): the dishes most ordered at a location in the last `windowDays`,
 * counted from order lines as distinct orders (then quantity), only dishes diners can see.
 *
 * A small answer per location, kept for `refreshMs` and counted again after that: never part of
 * the versioned menu answer, and never a write per order, so placing orders leaves the menu
 * cache alone (docs/decisions.md "Menu reads from a versioned cache").
 */
export function createPopularDishes(db: Database, options: PopularOptions = {}) {
  const { windowDays, limit, minOrders, refreshMs, maxLocations } = { ...POPULAR_DEFAULTS, ...options }
  const now = options.now ?? (() => new Date())
  const kept = new Map<string, { countedAt: number; answer: Promise<PopularDishesResponse> }>()
  let counts = 0

  const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]

  async function count(locationId: string, at: Date): Promise<PopularDishesResponse> {
    counts += 1
    const listed = rowsOf(await db.execute(sql`select 1 as one from locations where id = ${locationId} and is_active`))
    if (listed.length === 0) throw notFound('The restaurant')
    const since = new Date(at.getTime() - windowDays * 86_400_000)
    const rows = rowsOf<Row>(
      await db.execute(sql`
        select l.item_id as id, count(distinct l.order_id)::int as orders
        from order_items l
        join orders o on o.id = l.order_id
        join menu_items i on i.id = l.item_id
        where o.location_id = ${locationId}
          and o.created_at > ${since.toISOString()} and o.created_at <= ${at.toISOString()}
          and o.status in (${sql.join(COUNTED_STATUSES.map((status) => sql`${status}`), sql`, `)})
          and i.location_id = ${locationId} and i.display = 1 and i.visible_to ? 'C'
        group by l.item_id
        having count(distinct l.order_id) >= ${minOrders}
        order by orders desc, sum(l.quantity) desc, l.item_id
        limit ${limit}`),
    )
    return { locationId, windowDays, asOf: at.toISOString(), itemIds: rows.map((row) => String(row.id)) }
  }

  return {
    /** The location's popular dishes as last counted, counting again once the answer is `refreshMs` old. */
    async read(locationId: string): Promise<PopularDishesResponse> {
      const at = now()
      const entry = kept.get(locationId)
      if (entry && at.getTime() - entry.countedAt < refreshMs) return entry.answer
      const answer = count(locationId, at)
      kept.delete(locationId)
      kept.set(locationId, { countedAt: at.getTime(), answer })
      if (kept.size > maxLocations) kept.delete(kept.keys().next().value!)
      // A failure (or an unknown location) is not kept: the next read asks again.
      answer.catch(() => {
        if (kept.get(locationId)?.answer === answer) kept.delete(locationId)
      })
      return answer
    },
    /** For tests: how many times the database was asked. */
    stats: () => ({ counts, kept: kept.size }),
  }
}

export type PopularDishes = ReturnType<typeof createPopularDishes>
