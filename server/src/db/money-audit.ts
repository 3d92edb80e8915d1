import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from './executor'

/** The money rules of docs/payments.md that the audit proves over the whole database. */
export const MONEY_RULES = [
  'amounts_not_negative',
  'total_adds_up',
  'discount_within_subtotal',
  'tip_within_subtotal',
  'capture_within_authorization',
  'refunds_within_capture',
  'paid_order_collected_its_total',
  'shares_add_up_to_total',
  'wallet_balance_is_its_ledger',
  'order_wallet_matches_ledger',
  'order_discount_matches_offer_uses',
  'offer_limit_respected',
] as const
export type MoneyRule = (typeof MONEY_RULES)[number]

/** One broken rule: where (order, payment, customer, offer) and the figures that disagree. */
export type MoneyViolation = {
  rule: MoneyRule
  orderId: string | null
  paymentId?: string
  customerId?: string
  offerId?: string
  redeemerPhone?: string
  figures: Record<string, number>
}

export type MoneyAudit = {
  violations: MoneyViolation[]
  /** What was looked at. */
  counts: { orders: number; payments: number; paymentEvents: number; customers: number; walletMovements: number; offerUses: number }
  /** Orders written before the money rules that break one of them (migration 0009 marked them): listed, not audited. */
  predatingOrders: string[]
}

type Row = Record<string, unknown>

/** drizzle's execute answers an array on postgres-js and { rows } on PGlite. */
async function rows(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? [])
}

const num = (value: unknown) => Number(value ?? 0)
const str = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** An order counts as cancelled (and must hold no wallet or coupon) once it is 8 or 9. */
const CANCELLED = sql.raw(`('8', '9')`)

/**
 * Proves the money rules over every row (docs/payments.md "The money audit"), for every order not
 * marked `predates_money_rules`:
 *
 * - an order's amounts are not negative, its total adds up, its discount and tip are at most its subtotal;
 * - per payment, what was captured is at most what was authorized and refunds at most what was captured;
 * - an order marked paid collected its total exactly: Σ(captures − refunds) of its payments (of its
 *   live shares' payments for a split bill) equals its total;
 * - the live shares of a split bill add up to its total;
 * - every customer's wallet balance is the sum of their ledger;
 * - per order, the wallet its ledger rows took (−Σ) is its wallet_redeemed, and 0 once cancelled;
 * - per order, its offer uses (REDEEM − VOID) are its discount, and 0 once cancelled;
 * - nobody (customer or phone) holds more live uses of an offer than its limit.
 *
 * Read-only; runs in a few queries over the whole database.
 */
export async function auditMoney(db: Executor): Promise<MoneyAudit> {
  const violations: MoneyViolation[] = []

  const amounts = await rows(
    db,
    sql`select id, subtotal_minor, item_tax_minor, order_tax_minor, surcharge_minor, delivery_fee_minor, tip_minor, discount_minor, wallet_redeemed_minor, total_minor
        from orders
        where not predates_money_rules and (
          least(subtotal_minor, item_tax_minor, order_tax_minor, surcharge_minor, delivery_fee_minor, tip_minor, discount_minor, wallet_redeemed_minor, total_minor) < 0
          or total_minor <> subtotal_minor + item_tax_minor + order_tax_minor + surcharge_minor + delivery_fee_minor + tip_minor - discount_minor - wallet_redeemed_minor
          or discount_minor > subtotal_minor or tip_minor > subtotal_minor)
        order by id`,
  )
  for (const row of amounts) {
    const figures = {
      subtotal: num(row.subtotal_minor),
      itemTax: num(row.item_tax_minor),
      orderTax: num(row.order_tax_minor),
      surcharge: num(row.surcharge_minor),
      deliveryFee: num(row.delivery_fee_minor),
      tip: num(row.tip_minor),
      discount: num(row.discount_minor),
      walletRedeemed: num(row.wallet_redeemed_minor),
      total: num(row.total_minor),
    }
    const orderId = str(row.id)
    if (Object.values(figures).some((value) => value < 0)) violations.push({ rule: 'amounts_not_negative', orderId, figures })
    const due = figures.subtotal + figures.itemTax + figures.orderTax + figures.surcharge + figures.deliveryFee + figures.tip - figures.discount - figures.walletRedeemed
    if (due !== figures.total) violations.push({ rule: 'total_adds_up', orderId, figures: { ...figures, addsUpTo: due } })
    if (figures.discount > figures.subtotal) violations.push({ rule: 'discount_within_subtotal', orderId, figures })
    if (figures.tip > figures.subtotal) violations.push({ rule: 'tip_within_subtotal', orderId, figures })
  }

  const payments = await rows(
    db,
    sql`select p.id, p.order_id, p.amount_minor,
          coalesce(sum(e.amount_minor) filter (where e.type = 'CAPTURE'), 0)::bigint as captured,
          coalesce(sum(e.amount_minor) filter (where e.type = 'REFUND'), 0)::bigint as refunded
        from payments p
        join orders o on o.id = p.order_id and not o.predates_money_rules
        left join payment_events e on e.payment_id = p.id
        group by p.id, p.order_id, p.amount_minor
        having coalesce(sum(e.amount_minor) filter (where e.type = 'CAPTURE'), 0) > p.amount_minor
            or coalesce(sum(e.amount_minor) filter (where e.type = 'REFUND'), 0) > coalesce(sum(e.amount_minor) filter (where e.type = 'CAPTURE'), 0)
        order by p.id`,
  )
  for (const row of payments) {
    const figures = { authorized: num(row.amount_minor), captured: num(row.captured), refunded: num(row.refunded) }
    const where = { orderId: str(row.order_id), paymentId: String(row.id) }
    if (figures.captured > figures.authorized) violations.push({ rule: 'capture_within_authorization', ...where, figures })
    if (figures.refunded > figures.captured) violations.push({ rule: 'refunds_within_capture', ...where, figures })
  }

  // What an order collected: its whole-order payments, or its live shares' payments when its bill is split.
  const paid = await rows(
    db,
    sql`select * from (
          select o.id, o.total_minor,
            coalesce((
              select sum(case when e.type = 'CAPTURE' then e.amount_minor when e.type = 'REFUND' then -e.amount_minor else 0 end)
              from payments p join payment_events e on e.payment_id = p.id
              where p.order_id = o.id and (
                case when exists (select 1 from order_splits s where s.order_id = o.id and s.superseded_at is null)
                  then p.split_id in (select s.id from order_splits s where s.order_id = o.id and s.superseded_at is null)
                  else p.split_id is null end)
            ), 0)::bigint as collected
          from orders o
          where not o.predates_money_rules and (o.payment_status = '19' or o.status = '19')
        ) paid where collected <> total_minor
        order by id`,
  )
  for (const row of paid) {
    violations.push({ rule: 'paid_order_collected_its_total', orderId: str(row.id), figures: { total: num(row.total_minor), collected: num(row.collected) } })
  }

  const shares = await rows(
    db,
    sql`select o.id, o.total_minor, sum(s.amount_minor)::bigint as shares
        from orders o join order_splits s on s.order_id = o.id and s.superseded_at is null
        where not o.predates_money_rules and o.status not in ${CANCELLED}
        group by o.id, o.total_minor
        having sum(s.amount_minor) <> o.total_minor
        order by o.id`,
  )
  for (const row of shares) {
    violations.push({ rule: 'shares_add_up_to_total', orderId: str(row.id), figures: { total: num(row.total_minor), shares: num(row.shares) } })
  }

  const balances = await rows(
    db,
    sql`select c.id, c.wallet_amount_minor, coalesce(sum(m.amount_minor), 0)::bigint as ledger
        from customers c left join wallet_movements m on m.customer_id = c.id
        group by c.id, c.wallet_amount_minor
        having c.wallet_amount_minor <> coalesce(sum(m.amount_minor), 0)
        order by c.id`,
  )
  for (const row of balances) {
    violations.push({
      rule: 'wallet_balance_is_its_ledger',
      orderId: null,
      customerId: String(row.id),
      figures: { balance: num(row.wallet_amount_minor), ledger: num(row.ledger) },
    })
  }

  const wallets = await rows(
    db,
    sql`select o.id, o.status, o.wallet_redeemed_minor, (-coalesce(sum(m.amount_minor), 0))::bigint as used
        from orders o left join wallet_movements m on m.order_id = o.id
        where not o.predates_money_rules
        group by o.id, o.status, o.wallet_redeemed_minor
        having -coalesce(sum(m.amount_minor), 0) <> case when o.status in ${CANCELLED} then 0 else o.wallet_redeemed_minor end
        order by o.id`,
  )
  for (const row of wallets) {
    violations.push({
      rule: 'order_wallet_matches_ledger',
      orderId: str(row.id),
      figures: { walletRedeemed: num(row.wallet_redeemed_minor), ledgerUsed: num(row.used), cancelled: ['8', '9'].includes(String(row.status)) ? 1 : 0 },
    })
  }

  const discounts = await rows(
    db,
    sql`select o.id, o.status, o.discount_minor,
          coalesce(sum(case when r.kind = 'REDEEM' then r.amount_minor else -r.amount_minor end), 0)::bigint as used
        from orders o left join offer_redemptions r on r.order_id = o.id
        where not o.predates_money_rules
        group by o.id, o.status, o.discount_minor
        having coalesce(sum(case when r.kind = 'REDEEM' then r.amount_minor else -r.amount_minor end), 0)
          <> case when o.status in ${CANCELLED} then 0 else o.discount_minor end
        order by o.id`,
  )
  for (const row of discounts) {
    violations.push({
      rule: 'order_discount_matches_offer_uses',
      orderId: str(row.id),
      figures: { discount: num(row.discount_minor), offerUses: num(row.used), cancelled: ['8', '9'].includes(String(row.status)) ? 1 : 0 },
    })
  }

  for (const { column, as } of [
    { column: 'customer_id', as: 'customerId' },
    { column: 'redeemer_phone', as: 'redeemerPhone' },
  ] as const) {
    const by = sql.raw(column)
    const over = await rows(
      db,
      sql`select r.offer_id, r.${by} as redeemer, f.per_customer_limit, count(*)::bigint as uses
          from offer_redemptions r join offers f on f.id = r.offer_id
          where r.kind = 'REDEEM' and r.${by} is not null
            and not exists (select 1 from offer_redemptions v where v.voids_id = r.id)
          group by r.offer_id, r.${by}, f.per_customer_limit
          having count(*) > f.per_customer_limit
          order by r.offer_id, redeemer`,
    )
    for (const row of over) {
      violations.push({
        rule: 'offer_limit_respected',
        orderId: null,
        offerId: String(row.offer_id),
        [as]: String(row.redeemer),
        figures: { limit: num(row.per_customer_limit), uses: num(row.uses) },
      })
    }
  }

  const [counted] = await rows(
    db,
    sql`select
          (select count(*) from orders where not predates_money_rules)::bigint as orders,
          (select count(*) from payments)::bigint as payments,
          (select count(*) from payment_events)::bigint as payment_events,
          (select count(*) from customers)::bigint as customers,
          (select count(*) from wallet_movements)::bigint as wallet_movements,
          (select count(*) from offer_redemptions)::bigint as offer_uses`,
  )
  const predating = await rows(db, sql`select id from orders where predates_money_rules order by id`)
  return {
    violations,
    counts: {
      orders: num(counted?.orders),
      payments: num(counted?.payments),
      paymentEvents: num(counted?.payment_events),
      customers: num(counted?.customers),
      walletMovements: num(counted?.wallet_movements),
      offerUses: num(counted?.offer_uses),
    },
    predatingOrders: predating.map((row) => String(row.id)),
  }
}

/** A violation as one line for a person: the rule, where, and the figures. */
export function describeViolation(violation: MoneyViolation): string {
  const where = [
    violation.orderId && `order ${violation.orderId}`,
    violation.paymentId && `payment ${violation.paymentId}`,
    violation.customerId && `customer ${violation.customerId}`,
    violation.offerId && `offer ${violation.offerId}`,
    violation.redeemerPhone && `phone ${violation.redeemerPhone}`,
  ]
    .filter(Boolean)
    .join(', ')
  const figures = Object.entries(violation.figures)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ')
  return `${violation.rule}: ${where} (${figures})`
}
