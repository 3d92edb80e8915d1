import { eq, inArray, isNotNull, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SplitBill } from '@/shared/api/contracts/dine-in'
import { evenShares, itemShares } from '@/shared/api/contracts/dine-in-rules'
import type { OrderDetail, OrderPayment, OrderReceipt, PaymentResult, PlaceOrderRequest } from '@/shared/api/contracts/ordering'
import { UNPAID_ORDER_MINUTES } from '@/shared/api/contracts/ordering'
import type { TotalsResponse } from '@/shared/api/contracts/orders'
import { decryptPayload, encryptPayload } from '@/shared/lib/crypto/payload'
import { auditMoney, describeViolation } from '../db/money-audit'
import { customers, menuItems } from '../db/schema'
import { createTestCustomer, createTestGuest } from './signed-in-client'
import { expireUnpaidOrders } from '../modules/orders/cancellation'
import { runKitchenTick } from '../jobs/kitchen'
import { recordWalletMovement } from '../modules/wallet/ledger'
import { cardProviderFor } from '../providers/payment/sandbox-payments'
import { createTestApp, type TestApp } from './harness'
import { seedDayClock } from './seed-day-clock'
import { sandboxCardToken } from './money-setup'
import {
  cartOf,
  couponDefects,
  loadCatalogue,
  orderDraft,
  resolveTiming,
  tipOf,
  type Catalogue,
  type OrderDraft,
  type Place,
  type TipChoice,
} from './money-catalogue'

/*
 * A model-based fuzzer of the money flows (docs/payments.md): diners and guests place orders that
 * are valid across fields (money-catalogue.ts), then tip, take coupons, pay by card (authorized,
 * declined, gateway error), collect, pay at the restaurant or on its terminal, cancel, add rounds
 * at the table, split the bill and pay the shares, while the expiry job and the kitchen run with
 * the clock moved on — in random interleavings over several orders, sometimes two at once.
 *
 * Every answer is checked against a model of what the rules allow (a refusal must have a reason
 * the request or the state gives it; a valid request must go through), and after every command:
 * never a 5xx, nothing logged as an error by the app (a money rule the database had to hold is
 * logged as a bug), every refusal {status, message, code}, every order's amounts add up and are
 * never negative, split shares add up to the total, a capture is what was authorized, and each
 * diner's wallet is what they were credited minus what their live orders use. After every run:
 * the money audit, stock conservation and event slot capacity over the whole database.
 */

type Diner = { id: string; token: string; phone: string; credited: number }
type Guest = { id: string; token: string; phone: string; fullName: string }
type Owner = { kind: 'diner'; index: number } | { kind: 'guest'; index: number }
type KnownPayment = { splitId: string | null; token: string | null; authorized: number }

/** What the model knows of one order: the server's latest word on it, and what only the calls tell. */
type Tracked = {
  id: string
  owner: Owner
  place: Place
  tab: boolean
  /** The coupon the order holds, and the number its use counts for. */
  coupon: { code: string; phone: string } | null
  detail: OrderDetail
  bill: SplitBill
  /** Every share the order's bill ever had: the live ones and those a change superseded. */
  shares: Set<string>
  payments: Map<string, KnownPayment>
}

type Cards = { good: string; declined: string; gateway: string }

export type FuzzModel = { run: number; diners: Diner[]; guests: Guest[]; orders: Tracked[]; cards: Cards; stockBaseline: Map<string, number> }

/** How often each endpoint answered 2xx and 4xx, and what the runs did. */
export type FuzzStats = {
  runs: number
  commands: number
  requests: number
  byEndpoint: Map<string, { ok: number; refused: Map<string, number> }>
  byCommand: Map<string, number>
  placed: Map<string, number>
}

/** The app, its seeded catalogue and the run's counts; `now` is the app's clock (createTestApp's `now`), which the fuzz's own times follow. */
type Real = { t: TestApp; catalogue: Catalogue; stats: FuzzStats; now: () => Date }

// ---------------------------------------------------------------------------------------------
// Commands as data, so a failing run prints what it did

type As = 'owner' | 'stranger'
type Target = { kind: 'whole' } | { kind: 'share'; pick: number } | { kind: 'old-share'; pick: number }
type WhoSpec = { kind: 'diner'; index: number } | { kind: 'guest'; index: number; proof: 'token' | 'other-number' | 'none' } | { kind: 'nobody' }

/** A tip relative to the order's subtotal, decided when the command runs: within the bound or over it. */
type TipSpec = { tipType: TipChoice['tipType']; fraction: number; over: boolean }

type Spec =
  | { kind: 'place'; who: WhoSpec; draft: OrderDraft; wallet: 'none' | 'part' | 'all' | 'one'; replay: 'none' | 'same' | 'other' }
  | { kind: 'tip'; order: number; aim: boolean; as: As; tip: TipSpec; replay: boolean }
  | { kind: 'coupon'; order: number; aim: boolean; as: As; code: string; via: 'redeem' | 'apply' | 'apply-wrong-amount' }
  | { kind: 'authorize'; order: number; aim: boolean; as: As; target: Target; card: keyof Cards | 'unknown'; via: 'v2' | 'authorize-payment' | 'initiate' | 'links'; amount: 'none' | 'exact' | 'wrong'; replay: boolean }
  | { kind: 'collect'; order: number; aim: boolean; as: As; target: Target; replay: boolean }
  | { kind: 'counter'; order: number; aim: boolean; as: As; target: Target; via: 'offline' | 'transfer' | 'initiate-counter' | 'initiate-pos' }
  | { kind: 'cancel'; order: number; aim: boolean; as: As; replay: boolean }
  | { kind: 'round'; order: number; aim: boolean; as: As; seed: number }
  | { kind: 'split'; order: number; aim: boolean; as: As; mode: 'EVEN' | 'ITEMS'; parts: number; assign: number[]; wrong: 'none' | 'unknown' | 'twice' | 'missing' }
  | { kind: 'expire'; advanceMs: number }
  | { kind: 'kitchen'; advanceMs: number; stepSeconds: number }
  | { kind: 'race'; a: Spec; b: Spec; same: boolean }
  | { kind: 'contend'; scenario: Contention; diner: number; seed: number }

/**
 * Conflicts set up on purpose, then raced: a cancel or the expiry releasing an order while the same
 * diner places another with the wallet and the same counted dish; two placements spending one
 * wallet; two placements using one coupon.
 */
type Contention = 'cancel-vs-place' | 'expire-vs-place' | 'two-wallets' | 'two-coupons' | 'coupon-vs-place'

const MINUTE = 60_000

function specArbitraries(catalogue: Catalogue) {
  const as = fc.constantFrom<As>('owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'owner', 'stranger')
  const order = fc.nat()
  // Most commands aim at an order where they make sense (an authorized one to collect, a tab for a round); some at any.
  const aim = fc.constantFrom(true, true, true, true, false)
  const target = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Target>({ kind: 'whole' }) },
    { weight: 6, arbitrary: fc.nat().map((pick): Target => ({ kind: 'share', pick })) },
    { weight: 1, arbitrary: fc.nat().map((pick): Target => ({ kind: 'old-share', pick })) },
  )
  const who = fc.oneof(
    { weight: 20, arbitrary: fc.nat({ max: 1 }).map((index): WhoSpec => ({ kind: 'diner', index })) },
    { weight: 10, arbitrary: fc.nat({ max: 1 }).map((index): WhoSpec => ({ kind: 'guest', index, proof: 'token' })) },
    { weight: 1, arbitrary: fc.record({ index: fc.nat({ max: 1 }), proof: fc.constantFrom<'other-number' | 'none'>('other-number', 'none') }).map(({ index, proof }): WhoSpec => ({ kind: 'guest', index, proof })) },
    { weight: 1, arbitrary: fc.constant<WhoSpec>({ kind: 'nobody' }) },
  )
  const wallet = fc.constantFrom('none', 'none', 'part', 'all', 'one') as fc.Arbitrary<'none' | 'part' | 'all' | 'one'>
  const place = fc.record({
    kind: fc.constant('place' as const),
    who,
    draft: orderDraft(catalogue),
    wallet,
    replay: fc.constantFrom('none', 'none', 'none', 'none', 'same', 'other') as fc.Arbitrary<'none' | 'same' | 'other'>,
  }).chain((spec) =>
    // Only a signed-in diner has a wallet: a guest asks for it now and then, and is refused.
    spec.who.kind === 'diner' ? fc.constant(spec) : fc.constantFrom<typeof spec.wallet>('none', 'none', 'none', 'none', 'none', 'none', 'none', 'one').map((ask) => ({ ...spec, wallet: ask })),
  )
  const tip = fc.record({
    kind: fc.constant('tip' as const), aim,
    order,
    as,
    tip: fc.record({
      tipType: fc.constantFrom('NONE', 'FLATFEE', 'FLATFEE', 'PERCENTAGE', 'PERCENTAGE') as fc.Arbitrary<TipChoice['tipType']>,
      fraction: fc.constantFrom(0, 0.1, 0.18, 0.5, 1, 0.37),
      over: fc.constantFrom(false, false, false, true),
    }),
    replay: fc.boolean(),
  })
  const coupon = fc.record({
    kind: fc.constant('coupon' as const), aim,
    order,
    as,
    // OWN is the coupon of the order's own restaurant, when it has one.
    code: fc.constantFrom('OWN', 'OWN', 'OWN', 'OWN', 'welcome10', 'WELCOME10', 'SPICE50', 'FREEDESSERT', 'SUMMER24', 'NOPE'),
    via: fc.constantFrom('redeem', 'redeem', 'apply', 'apply', 'apply-wrong-amount') as fc.Arbitrary<'redeem' | 'apply' | 'apply-wrong-amount'>,
  })
  const authorize = fc.record({
    kind: fc.constant('authorize' as const), aim,
    order,
    as,
    target,
    card: fc.constantFrom('good', 'good', 'good', 'good', 'good', 'declined', 'gateway', 'unknown') as fc.Arbitrary<keyof Cards | 'unknown'>,
    via: fc.oneof({ weight: 10, arbitrary: fc.constantFrom<'v2' | 'authorize-payment' | 'initiate'>('v2', 'v2', 'authorize-payment', 'initiate') }, { weight: 1, arbitrary: fc.constant<'links'>('links') }),
    amount: fc.constantFrom<'none' | 'exact' | 'wrong'>('none', 'none', 'none', 'exact', 'exact', 'exact', 'wrong'),
    replay: fc.boolean(),
  })
  const collect = fc.record({ kind: fc.constant('collect' as const), aim, order, as, target, replay: fc.boolean() })
  const counter = fc.record({
    kind: fc.constant('counter' as const), aim,
    order,
    as,
    target,
    via: fc.constantFrom('offline', 'transfer', 'initiate-counter', 'initiate-pos') as fc.Arbitrary<'offline' | 'transfer' | 'initiate-counter' | 'initiate-pos'>,
  })
  const cancel = fc.record({ kind: fc.constant('cancel' as const), aim, order, as, replay: fc.boolean() })
  const round = fc.record({ kind: fc.constant('round' as const), aim, order, as, seed: fc.integer() })
  const split = fc.record({
    kind: fc.constant('split' as const), aim,
    order,
    as,
    mode: fc.constantFrom('EVEN', 'EVEN', 'ITEMS') as fc.Arbitrary<'EVEN' | 'ITEMS'>,
    parts: fc.integer({ min: 2, max: 4 }),
    assign: fc.array(fc.nat({ max: 3 }), { minLength: 12, maxLength: 12 }),
    wrong: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'none', 'unknown', 'twice', 'missing') as fc.Arbitrary<'none' | 'unknown' | 'twice' | 'missing'>,
  })
  // Mostly before the deadline (nothing of this run expires), sometimes just after it or long after.
  const expire = fc.record({
    kind: fc.constant('expire' as const),
    advanceMs: fc.constantFrom(0, 0, 5 * MINUTE, (UNPAID_ORDER_MINUTES - 1) * MINUTE, UNPAID_ORDER_MINUTES * MINUTE + 1_000, 60 * MINUTE),
  })
  const kitchen = fc.record({ kind: fc.constant('kitchen' as const), advanceMs: fc.constantFrom(0, 30_000, 10 * MINUTE), stepSeconds: fc.constantFrom(0, 20) })
  const single: { weight: number; arbitrary: fc.Arbitrary<Spec> }[] = [
    { weight: 16, arbitrary: place },
    { weight: 6, arbitrary: tip },
    { weight: 5, arbitrary: coupon },
    { weight: 12, arbitrary: authorize },
    { weight: 10, arbitrary: collect },
    { weight: 4, arbitrary: counter },
    { weight: 3, arbitrary: cancel },
    { weight: 5, arbitrary: round },
    { weight: 6, arbitrary: split },
    { weight: 2, arbitrary: expire },
    { weight: 2, arbitrary: kitchen },
  ]
  const one = fc.oneof(...single)
  const race = fc.record({ kind: fc.constant('race' as const), a: one, b: one, same: fc.constantFrom(true, true, false) })
  const contend = fc.record({
    kind: fc.constant('contend' as const),
    scenario: fc.constantFrom<Contention>('cancel-vs-place', 'expire-vs-place', 'two-wallets', 'two-coupons', 'coupon-vs-place'),
    diner: fc.nat({ max: 1 }),
    seed: fc.integer(),
  })
  return [...single, { weight: 5, arbitrary: race as fc.Arbitrary<Spec> }, { weight: 3, arbitrary: contend as fc.Arbitrary<Spec> }]
}

/** A command of the model run: its spec, run against the app and checked against the model. */
class Step implements fc.AsyncCommand<FuzzModel, Real> {
  constructor(readonly spec: Spec) {}
  check = (model: Readonly<FuzzModel>) => !ORDER_COMMANDS.includes(this.spec.kind) || model.orders.length > 0
  async run(model: FuzzModel, real: Real) {
    real.stats.commands++
    real.stats.byCommand.set(this.spec.kind, (real.stats.byCommand.get(this.spec.kind) ?? 0) + 1)
    await execute(this.spec, model, real, false)
    await checkWorld(model, real)
  }
  toString = () => JSON.stringify(this.spec, (key, value) => (key === 'draft' ? { ...value, dishes: undefined } : value))
}

// ---------------------------------------------------------------------------------------------
// Talking to the app

type Answer = { status: number; body: any; text: string; replayed: boolean }

/** A rule the app broke, as opposed to an error of the fuzzer itself. */
class Finding extends Error {
  override name = 'Finding'
}

/** Fails the run with what was sent and what came back. */
function fail(message: string, context: unknown): never {
  throw new Finding(`${message}\n${JSON.stringify(context, null, 1).slice(0, 4_000)}`)
}

/** Refusals that mean the app could not read a request the fuzzer built well: a fault of the wire, never a rule. */
const SCRAMBLED = ['undecryptable_payload']

/**
 * One call through the app, encrypted like the web app's: never a 5xx, and a refusal is JSON
 * `{status, message, code}` with the HTTP status.
 */
async function send(
  real: Real,
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  payload: unknown,
  { token, key }: { token?: string; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (key) headers['Idempotency-Key'] = key
  const response = await real.t.app.request(`/api${path}`, { method, headers, body: JSON.stringify({ data: encryptPayload(payload, real.t.env.PAYLOAD_KEY) }) })
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  real.stats.requests++
  const endpoint = `${method} ${path}`
  const tally = real.stats.byEndpoint.get(endpoint) ?? { ok: 0, refused: new Map<string, number>() }
  real.stats.byEndpoint.set(endpoint, tally)
  if (process.env.FUZZ_VERBOSE) console.info(`${endpoint} ${JSON.stringify(payload).slice(0, 300)} → ${response.status} ${text.startsWith('U2FsdGVkX1') ? '' : text.slice(0, 200)}`)
  if (response.status >= 500) fail(`${endpoint} answered ${response.status}`, { payload, answer: text.slice(0, 500) })
  if (response.status < 400) {
    tally.ok++
    const body = text.startsWith('U2FsdGVkX1') ? decryptPayload(text, real.t.env.PAYLOAD_KEY) : JSON.parse(text)
    return { status: response.status, body, text, replayed: response.headers.get('Idempotent-Replayed') === 'true' }
  }
  if (!type.includes('application/json')) fail(`${endpoint} refused without a JSON error body`, { payload, status: response.status, answer: text })
  const body = JSON.parse(text) as { status?: unknown; message?: unknown; code?: unknown }
  const wellFormed = body.status === response.status && typeof body.message === 'string' && body.message.length > 0 && typeof body.code === 'string' && body.code.length > 0
  if (!wellFormed) fail(`${endpoint} answered a malformed error body`, { payload, status: response.status, answer: text })
  if (SCRAMBLED.includes(String(body.code))) fail(`${endpoint} could not read a well-formed request`, { payload, answer: body })
  tally.refused.set(String(body.code), (tally.refused.get(String(body.code)) ?? 0) + 1)
  return { status: response.status, body, text, replayed: false }
}

const codeOf = (answer: Answer) => (answer.status >= 400 ? String(answer.body.code) : null)

/** The answer must be one of the outcomes the model allows: success, or a refusal with one of `codes`. */
function expectOutcome(answer: Answer, expected: { ok: boolean; codes: string[]; fair?: string[] }, context: unknown) {
  const code = codeOf(answer)
  if (code === null) {
    if (!expected.ok) fail(`accepted what the rules refuse (expected ${expected.codes.join(' or ')})`, { ...asObject(context), answer: answer.body })
    return
  }
  if (expected.codes.includes(code) || (expected.fair ?? []).includes(code)) return
  fail(`refused with ${code}, expected ${expected.ok ? 'success' : ''}${expected.ok && expected.codes.length ? ' or ' : ''}${expected.codes.join(' or ')}`, {
    ...asObject(context),
    answer: answer.body,
  })
}

const asObject = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : { value })

// ---------------------------------------------------------------------------------------------
// What the model reads from the server's latest word

const CANCELLED = ['8', '9']
const UNPAID = ['6', '18', '20', '21']
/** A table order takes no round and no new split once closed. */
const CLOSED = ['8', '9', '17', '60']

const isLive = (payment: OrderPayment) => payment.status === '19' || ((payment.status === '18' || payment.status === '25') && !payment.voidedAt)
const cancelled = (order: Tracked) => CANCELLED.includes(order.detail.status)
const anyLive = (order: Tracked) => order.detail.payments.some(isLive)
const due = (detail: OrderDetail, change: { tip?: number; discount?: number } = {}) =>
  detail.subtotal + detail.tax + detail.surcharge + detail.deliveryFee + (change.tip ?? detail.tip) - (change.discount ?? detail.discount)

/** The live payment of a target (the whole order, or one share). */
function liveOf(order: Tracked, splitId: string | null): OrderPayment | undefined {
  return order.detail.payments.filter((payment) => isLive(payment) && (order.payments.get(payment.id)?.splitId ?? null) === splitId).at(-1)
}

function ownerToken(model: FuzzModel, order: Tracked): string {
  return order.owner.kind === 'diner' ? model.diners[order.owner.index]!.token : model.guests[order.owner.index]!.token
}

/** Who calls: the owner, or a stranger (another diner), who may only touch a guest's order. */
function callerOf(model: FuzzModel, order: Tracked, as: As): { token: string; refused: boolean } {
  if (as === 'owner') return { token: ownerToken(model, order), refused: false }
  if (order.owner.kind === 'diner') return { token: model.diners[1 - order.owner.index]!.token, refused: true }
  return { token: model.diners[0]!.token, refused: false }
}

function usesOf(model: FuzzModel, code: string, phone: string): number {
  return model.orders.filter((order) => order.coupon?.code === code && order.coupon.phone === phone && !cancelled(order)).length
}

function redeemerPhone(model: FuzzModel, owner: Owner): string {
  return owner.kind === 'diner' ? model.diners[owner.index]!.phone : model.guests[owner.index]!.phone
}

/**
 * The share a target names: a live one, a superseded one, or none (the whole order). An aimed
 * payment call goes where it makes sense: to a share of a split bill, and to collect, to a hold.
 */
function resolveTarget(order: Tracked, target: Target, aim?: 'pay' | 'collect'): { splitId: string | null; old: boolean } {
  const live = order.bill.shares.map((share) => share.id)
  if (aim && live.length > 0 && target.kind !== 'old-share') {
    const wanted = live.filter((id) => (aim === 'collect' ? liveOf(order, id)?.status === '18' : !liveOf(order, id)))
    const among = wanted.length > 0 ? wanted : live
    return { splitId: among[(target.kind === 'share' ? target.pick : 0) % among.length]!, old: false }
  }
  if (target.kind === 'share' && live.length > 0) return { splitId: live[target.pick % live.length]!, old: false }
  if (target.kind === 'old-share') {
    const old = [...order.shares].filter((id) => !live.includes(id))
    if (old.length > 0) return { splitId: old[target.pick % old.length]!, old: true }
  }
  return { splitId: null, old: false }
}

function targetAmount(order: Tracked, splitId: string | null): number {
  // A superseded share's amount is no longer known; the call is refused before it is compared.
  return splitId ? (order.bill.shares.find((share) => share.id === splitId)?.amount ?? 0) : order.detail.total
}

/**
 * The model of docs/payments.md "Tax after a discount": the discount is spread over the lines it is
 * for (FREEDESSERT: the Tiramisu lines; any other coupon: every line) in proportion to their
 * subtotals, whole cents first and the cents left over one each to the largest remainders (the
 * earlier line on a tie); each line pays its item tax on what is left of it, and the order tax is
 * on the subtotal less the discount, each rounded half up.
 */
function modelTaxes(lines: readonly Pick<OrderDetail['items'][number], 'itemId' | 'lineSubtotal' | 'itemTaxRate'>[], orderTaxRate: number, discount: number, scopeItemId: string | null) {
  const half = (amount: number, bp: number) => Math.floor((amount * bp + 5_000) / 10_000)
  const inScope = lines.map((line) => scopeItemId === null || line.itemId === scopeItemId)
  const scoped = lines.reduce((sum, line, index) => sum + (inScope[index] ? line.lineSubtotal : 0), 0)
  const eligible = scoped > 0 ? inScope : lines.map(() => true)
  const base = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.lineSubtotal : 0), 0)
  const spread = Math.min(discount, base)
  const parts = lines.map((line, index) => {
    if (!eligible[index] || base === 0) return { whole: 0n, rest: -1n, index }
    const exact = BigInt(spread) * BigInt(line.lineSubtotal)
    return { whole: exact / BigInt(base), rest: exact % BigInt(base), index }
  })
  let left = BigInt(spread) - parts.reduce((sum, part) => sum + part.whole, 0n)
  for (const part of [...parts].filter((part) => part.rest >= 0n).sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : a.index - b.index))) {
    if (left === 0n) break
    part.whole += 1n
    left -= 1n
  }
  const itemTax = lines.reduce((sum, line, index) => sum + half(line.lineSubtotal - Number(parts[index]!.whole), Math.round(line.itemTaxRate * 100)), 0)
  const subtotal = lines.reduce((sum, line) => sum + line.lineSubtotal, 0)
  return { itemTax, orderTax: half(Math.max(0, subtotal - discount), Math.round(orderTaxRate * 100)) }
}

/** The dish a coupon of the order is for, when it is an item offer (FREEDESSERT). */
const scopeOf = (order: Tracked, real: Real) => (order.coupon?.code === 'FREEDESSERT' ? real.catalogue.tiramisuId : null)

function checkTaxes(detail: OrderDetail, scopeItemId: string | null, context: unknown) {
  const expected = modelTaxes(detail.items, detail.orderTaxRate, detail.discount, scopeItemId)
  if (detail.itemTax !== expected.itemTax || detail.orderTax !== expected.orderTax) {
    fail(`order ${detail.orderId}: taxes ${detail.itemTax} + ${detail.orderTax}, the discount of ${detail.discount} makes ${expected.itemTax} + ${expected.orderTax}`, {
      ...asObject(context),
      items: detail.items.map((line) => [line.itemId, line.lineSubtotal, line.itemTaxRate, line.itemTax]),
      orderTaxRate: detail.orderTaxRate,
    })
  }
}

/** Refusals every payment call makes before it looks at payments: who, cancelled, which share. */
function paymentGate(order: Tracked, caller: { refused: boolean }, resolved: { splitId: string | null; old: boolean }): string | null {
  if (caller.refused) return 'not_found'
  if (cancelled(order)) return 'order_cancelled'
  if (resolved.old) return 'share_superseded'
  if (!resolved.splitId && order.bill.shares.length > 0) return 'bill_is_split'
  return null
}

// ---------------------------------------------------------------------------------------------
// Invariants

function checkAmounts(detail: OrderDetail, context: unknown) {
  const figures = {
    subtotal: detail.subtotal,
    itemTax: detail.itemTax,
    orderTax: detail.orderTax,
    tax: detail.tax,
    surcharge: detail.surcharge,
    deliveryFee: detail.deliveryFee,
    tip: detail.tip,
    discount: detail.discount,
    walletRedeemed: detail.walletRedeemed,
    total: detail.total,
  }
  const broken: string[] = []
  for (const [name, value] of Object.entries(figures)) if (!Number.isInteger(value) || value < 0) broken.push(`${name} is ${value}`)
  if (detail.tax !== detail.itemTax + detail.orderTax) broken.push('tax is not item tax + order tax')
  if (detail.total !== due(detail) - detail.walletRedeemed) broken.push('the total does not add up')
  if (detail.subtotal !== detail.items.reduce((sum, line) => sum + line.lineSubtotal, 0)) broken.push('the subtotal is not the sum of the lines')
  if (detail.itemTax !== detail.items.reduce((sum, line) => sum + line.itemTax, 0)) broken.push('the item tax is not the sum of the lines')
  for (const line of detail.items) if (line.lineSubtotal !== line.unitPrice * line.quantity || line.unitPrice < 0) broken.push(`line ${line.id} does not add up`)
  if (detail.tip > detail.subtotal) broken.push('the tip is above the subtotal')
  if (detail.discount > detail.subtotal) broken.push('the discount is above the subtotal')
  for (const payment of detail.payments) if (!Number.isInteger(payment.amount) || payment.amount < 0) broken.push(`payment ${payment.id} is ${payment.amount}`)
  if (broken.length) fail(`order ${detail.orderId}: ${broken.join('; ')}`, { ...asObject(context), figures })
}

function checkBill(bill: SplitBill, detail: OrderDetail) {
  if (bill.total !== detail.total) fail(`order ${detail.orderId}: the bill's total ${bill.total} is not the order's ${detail.total}`, bill)
  if (CANCELLED.includes(detail.status) || bill.shares.length === 0) return
  const sum = bill.shares.reduce((total, share) => total + share.amount, 0)
  if (sum !== detail.total || bill.shares.some((share) => !Number.isInteger(share.amount) || share.amount <= 0)) {
    fail(`order ${detail.orderId}: live shares add up to ${sum}, the total is ${detail.total}`, bill)
  }
}

/** Reads the order and its bill back as its owner, checks them, and makes them the model's knowledge. */
async function refresh(model: FuzzModel, real: Real, order: Tracked) {
  const token = ownerToken(model, order)
  const receipt = await send(real, 'POST', '/order/customer', { orderId: order.id }, { token })
  if (receipt.status !== 200) fail(`the owner could not read order ${order.id}`, receipt.body)
  const bill = await send(real, 'POST', '/order/customer/splits', { orderId: order.id }, { token })
  if (bill.status !== 200) fail(`the owner could not read the bill of order ${order.id}`, bill.body)
  const detail = receipt.body as OrderReceipt
  checkAmounts(detail, { order: order.id })
  checkTaxes(detail, scopeOf(order, real), { order: order.id, coupon: order.coupon })
  checkBill(bill.body as SplitBill, detail)
  for (const payment of detail.payments) {
    const known = order.payments.get(payment.id)
    // A payment row is written once: its amount is what was authorized (or promised), for ever.
    if (known && known.authorized !== payment.amount) fail(`payment ${payment.id} shows ${payment.amount}, ${known.authorized} was authorized`, detail.payments)
  }
  order.detail = detail
  order.bill = bill.body as SplitBill
  for (const share of order.bill.shares) order.shares.add(share.id)
  checkSettled(order)
}

/**
 * A bill whose live payments are all captured reads paid ("19"), and one whose live payments are
 * captured or to be paid at the restaurant, some at the restaurant, reads "25" (docs/payments.md
 * "When an order counts as paid").
 */
function checkSettled(order: Tracked) {
  if (cancelled(order)) return
  const targets = order.bill.shares.length > 0 ? order.bill.shares.map((share) => share.id) : [null]
  const live = targets.map((splitId) => liveOf(order, splitId))
  const expected = live.every((payment) => payment?.status === '19') ? '19' : live.every((payment) => payment && payment.status !== '18') ? '25' : null
  if (expected && order.detail.paymentStatus !== expected) {
    fail(`order ${order.id} reads payment status ${order.detail.paymentStatus}, its live payments make it ${expected}`, { payments: order.detail.payments, shares: order.bill.shares })
  }
  if (!expected && order.detail.paymentStatus === '19') fail(`order ${order.id} reads paid with a target not captured`, { payments: order.detail.payments, shares: order.bill.shares })
}

/** The receipt of one payment (and of its share) shows what the payment call answered. */
async function checkReceipt(model: FuzzModel, real: Real, order: Tracked, result: PaymentResult, splitId: string | null) {
  const receipt = await send(real, 'POST', '/order/customer', { orderId: order.id, transactionId: result.paymentId, ...(splitId ? { splitId } : {}) }, { token: ownerToken(model, order) })
  if (receipt.status !== 200) fail(`the receipt of payment ${result.paymentId} could not be read`, receipt.body)
  const { transaction, split } = receipt.body as OrderReceipt
  if (transaction?.amount !== result.amount || transaction.status !== result.paymentStatus) fail(`the receipt shows ${transaction?.status} ${transaction?.amount}, the call answered ${result.paymentStatus} ${result.amount}`, { result, transaction })
  if (splitId && split?.amount !== result.amount) fail(`the share's receipt shows ${split?.amount}, its payment ${result.amount}`, { result, split })
}

/** After every command: nothing logged, and each diner's wallet is their credit minus what their live orders use. */
async function checkWorld(model: FuzzModel, real: Real) {
  if (real.t.errors.length) {
    const logged = real.t.errors.map((entry) => (entry as unknown[]).map((part) => (part instanceof Error ? `${part.message} ${JSON.stringify(part.cause ?? '')}` : String(part))).join(' '))
    real.t.errors.length = 0
    fail('the app logged an error', logged)
  }
  const rows = await real.t.db
    .select({ id: customers.id, balance: customers.walletAmountMinor })
    .from(customers)
    .where(inArray(customers.id, model.diners.map((diner) => diner.id)))
  for (const [index, diner] of model.diners.entries()) {
    const used = model.orders
      .filter((order) => order.owner.kind === 'diner' && order.owner.index === index && !cancelled(order))
      .reduce((sum, order) => sum + order.detail.walletRedeemed, 0)
    const balance = rows.find((row) => row.id === diner.id)?.balance
    if (balance !== diner.credited - used) {
      fail(`diner ${index}'s wallet is ${balance}, credited ${diner.credited} minus ${used} used by live orders`, model.orders.map((order) => [order.id, order.detail.status, order.detail.walletRedeemed]))
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The commands

let keys = 0
const nextKey = (model: FuzzModel) => `money-fuzz-${model.run}-${++keys}`

/** Sends a keyed call, and when asked sends it again: the same answer, byte for byte, marked as replayed. */
async function keyed(real: Real, method: 'POST' | 'PUT' | 'PATCH', path: string, payload: unknown, token: string | undefined, key: string, replay: boolean): Promise<Answer> {
  const first = await send(real, method, path, payload, { token, key })
  if (replay && first.status < 400) {
    const again = await send(real, method, path, payload, { token, key })
    if (again.status !== first.status || JSON.stringify(again.body) !== JSON.stringify(first.body) || !again.replayed) {
      fail(`${method} ${path}: a retry with the same Idempotency-Key did not replay the first answer`, { payload, first: first.body, again: again.body })
    }
  }
  return first
}

const ORDER_COMMANDS: Spec['kind'][] = ['tip', 'coupon', 'authorize', 'collect', 'counter', 'cancel', 'round', 'split']
type OrderSpec = Extract<Spec, { order: number }>

/** The order an order command acts on: one where it makes sense when it aims, else any. */
function orderFor(spec: OrderSpec, model: FuzzModel): Tracked | undefined {
  if (model.orders.length === 0) return undefined
  const aimed = spec.aim ? model.orders.filter((candidate) => AIMS[spec.kind](candidate)) : []
  const pool = aimed.length > 0 ? aimed : model.orders
  return pool[spec.order % pool.length]
}

async function execute(spec: Spec, model: FuzzModel, real: Real, relaxed: boolean, forced?: Tracked): Promise<void> {
  switch (spec.kind) {
    case 'place':
      return place(spec, model, real, relaxed)
    case 'race':
      return race(spec, model, real)
    case 'contend':
      return contend(spec, model, real)
    case 'expire':
      return expire(spec, model, real, relaxed)
    case 'kitchen':
      return kitchen(spec, model, real, relaxed)
  }
  const order = forced ?? orderFor(spec, model)
  if (!order) return
  switch (spec.kind) {
    case 'tip':
      await tip(spec, order, model, real, relaxed)
      break
    case 'coupon':
      await coupon(spec, order, model, real, relaxed)
      break
    case 'authorize':
      await authorize(spec, order, model, real, relaxed)
      break
    case 'collect':
      await collect(spec, order, model, real, relaxed)
      break
    case 'counter':
      await counter(spec, order, model, real, relaxed)
      break
    case 'cancel':
      await cancel(spec, order, model, real, relaxed)
      break
    case 'round':
      await round(spec, order, model, real, relaxed)
      break
    case 'split':
      await split(spec, order, model, real, relaxed)
      break
  }
  if (!relaxed) await refresh(model, real, order)
}

const open = (order: Tracked) => !cancelled(order) && !anyLive(order)
const liveHold = (order: Tracked) => order.detail.payments.some((payment) => payment.status === '18' && !payment.voidedAt)

/** Where each command makes sense, for the commands that aim. */
const AIMS: Record<'tip' | 'coupon' | 'authorize' | 'collect' | 'counter' | 'cancel' | 'round' | 'split', (order: Tracked) => boolean> = {
  tip: open,
  coupon: (order) => open(order) && !order.coupon,
  authorize: (order) => !cancelled(order) && order.detail.payments.filter(isLive).length < Math.max(1, order.bill.shares.length),
  collect: liveHold,
  counter: (order) => !cancelled(order) && !order.detail.payments.some((payment) => payment.status === '19'),
  cancel: (order) => !cancelled(order) && UNPAID.includes(order.detail.status) && !order.tab,
  round: (order) => order.tab && open(order) && !CLOSED.includes(order.detail.status),
  split: (order) => open(order) && order.detail.total > 0,
}

const AMOUNT_FIELDS = ['subtotal', 'itemTax', 'orderTax', 'tax', 'surcharge', 'deliveryFee', 'tip', 'discount', 'walletRedeemed', 'total'] as const

async function place(spec: Extract<Spec, { kind: 'place' }>, model: FuzzModel, real: Real, relaxed: boolean) {
  const { draft } = spec
  const place = real.catalogue.places[draft.placeIndex]!
  const now = real.now()
  const timing = draft.type.group === 'E' ? { fields: {}, defects: [] as string[], edge: false } : resolveTiming(place, draft.type.group, draft.timing, now)
  const request: PlaceOrderRequest = { ...draft.request, ...timing.fields }
  const expected = [...draft.defects, ...timing.defects]
  const fair: string[] = []
  if (draft.stocked) fair.push('sold_out', 'out_of_stock')
  if (timing.edge) fair.push('restaurant_closed', 'past_order_cutoff', 'time_slot_passed', 'time_slot_unavailable')
  if (draft.type.group === 'E') fair.push('event_slot_full', 'event_order_closed')

  let token: string | undefined
  let owner: Owner | null = null
  if (spec.who.kind === 'diner') {
    owner = { kind: 'diner', index: spec.who.index }
    token = model.diners[spec.who.index]!.token
  } else if (spec.who.kind === 'guest') {
    const guest = model.guests[spec.who.index]!
    const phone = spec.who.proof === 'other-number' ? `+1628555${String(keys % 10_000).padStart(4, '0')}` : guest.phone
    request.guest = { fullName: guest.fullName, phone }
    if (spec.who.proof !== 'none') token = guest.token
    if (spec.who.proof === 'token') owner = { kind: 'guest', index: spec.who.index }
    else expected.push('mobile_not_verified')
  } else {
    expected.push('contact_required')
  }
  const diner = spec.who.kind === 'diner' ? model.diners[spec.who.index]! : null
  const balance = diner ? diner.credited - model.orders.filter((order) => order.owner.kind === 'diner' && order.owner.index === (spec.who as { index: number }).index && !cancelled(order)).reduce((sum, order) => sum + order.detail.walletRedeemed, 0) : 0
  if (spec.wallet !== 'none') {
    request.walletAmount = spec.wallet === 'all' ? 10_000_000 : spec.wallet === 'one' ? 1 : Math.max(1, Math.floor(balance / 2))
    if (!diner) expected.push('unauthenticated')
  }
  const code = request.couponCode?.toUpperCase()
  const offer = code ? real.catalogue.offers.get(code) : undefined
  if (owner && offer && usesOf(model, offer.code, redeemerPhone(model, owner)) >= offer.limit) expected.push('coupon_limit_reached')

  // The quote first, as the same caller: when both go through, placing charges what was quoted.
  const quote = await send(real, 'POST', '/order/customer/totals', request, { token })
  const key = nextKey(model)
  const answer = await keyed(real, 'POST', '/order/customer/createOrder', request, token, key, spec.replay === 'same')
  const context = { request, expected, fair }
  if (!relaxed) expectOutcome(answer, { ok: expected.length === 0, codes: expected, fair }, context)
  if (answer.status >= 400) return
  if (!owner) fail('an order was placed for a caller who proved nothing', context)
  const detail = answer.body as OrderDetail
  checkAmounts(detail, context)
  if (quote.status === 200) {
    const quoted = quote.body as TotalsResponse
    const adds = quoted.subtotal + quoted.tax + quoted.surcharge + quoted.deliveryFee + quoted.tip - quoted.discount - quoted.walletRedeemed
    if (AMOUNT_FIELDS.some((field) => !Number.isInteger(quoted[field]) || quoted[field] < 0) || quoted.total !== adds || quoted.subtotal !== quoted.lines.reduce((sum, line) => sum + line.lineSubtotal, 0)) {
      fail('a quote does not add up', { request, quoted })
    }
  }
  if (!relaxed) {
    if (quote.status === 200) {
      const quoted = quote.body as TotalsResponse
      for (const field of AMOUNT_FIELDS) {
        if (quoted[field] !== detail[field]) fail(`placement charged ${field} ${detail[field]}, the quote said ${quoted[field]}`, { ...context, quoted, detail })
      }
    }
    if (detail.subtotal !== draft.subtotal) fail(`the subtotal is ${detail.subtotal}, the menu prices make ${draft.subtotal}`, { ...context, detail })
    const tip = tipOf(request.tip as TipChoice, draft.subtotal)
    if (detail.tip !== tip) fail(`the tip is ${detail.tip}, expected ${tip}`, { ...context, detail })
    const wallet = request.walletAmount ? Math.min(request.walletAmount, balance, due(detail)) : 0
    if (detail.walletRedeemed !== wallet) fail(`the wallet used is ${detail.walletRedeemed}, expected min(asked, balance ${balance}, due) = ${wallet}`, { ...context, detail })
    if (detail.status !== '6') fail(`a new order is ${detail.status}`, detail)
  }
  const tab = draft.type.group === 'D' && Boolean(request.tableId)
  const payBy = tab ? null : new Date(new Date(detail.createdAt).getTime() + UNPAID_ORDER_MINUTES * MINUTE).toISOString()
  if (detail.payBy !== payBy) fail(`payBy is ${detail.payBy}, expected ${payBy}`, detail)
  const tracked: Tracked = {
    id: detail.orderId,
    owner,
    place,
    tab,
    coupon: offer ? { code: offer.code, phone: redeemerPhone(model, owner) } : null,
    detail,
    bill: { orderId: detail.orderId, currency: detail.currency, total: detail.total, shares: [] },
    shares: new Set(),
    payments: new Map(),
  }
  model.orders.push(tracked)
  real.stats.placed.set(draft.type.group, (real.stats.placed.get(draft.type.group) ?? 0) + 1)
  if (spec.replay === 'other') {
    const other = await send(real, 'POST', '/order/customer/createOrder', { ...request, items: [...request.items, request.items[0]!] }, { token, key })
    if (codeOf(other) !== 'idempotency_key_reused') fail('the same Idempotency-Key with another cart was not refused', other.body)
  }
  await refresh(model, real, tracked)
  for (const field of AMOUNT_FIELDS) {
    if (tracked.detail[field] !== detail[field]) fail(`order ${detail.orderId} reads ${field} ${tracked.detail[field]}, placement answered ${detail[field]}`, { detail, read: tracked.detail })
  }
}

async function tip(spec: Extract<Spec, { kind: 'tip' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const before = order.detail
  // Aimed at a restaurant that takes no tips, a diner mostly takes the tip off.
  const choice = spec.aim && !order.place.tipsEnabled && spec.tip.fraction !== 0.37 ? { tipType: 'NONE' as const, value: 0 } : tipChoiceOf(spec.tip, before.subtotal)
  const payload = { orderId: order.id, tip: choice.value, tipType: choice.tipType }
  const answer = await keyed(real, 'PUT', '/order/v2/customer/add-tip', payload, caller.token, nextKey(model), spec.replay)
  if (answer.status < 400) checkAmounts(answer.body as OrderDetail, payload)
  if (relaxed) return
  const amount = tipOf(choice, before.subtotal)
  const refusal = caller.refused
    ? 'not_found'
    : cancelled(order)
      ? 'order_cancelled'
      : anyLive(order)
        ? 'payment_started'
        : amount === null
          ? 'invalid_tip'
          : amount > 0 && !order.place.tipsEnabled
            ? 'tips_not_accepted'
            : null
  expectOutcome(answer, { ok: refusal === null, codes: refusal ? [refusal] : [] }, { payload, before: pick(before) })
  if (refusal) return
  const after = answer.body as OrderDetail
  const owed = due(before, { tip: amount! })
  const wallet = Math.min(before.walletRedeemed, owed)
  const expected = { subtotal: before.subtotal, tip: amount, discount: before.discount, walletRedeemed: wallet, total: owed - wallet }
  for (const [field, value] of Object.entries(expected)) {
    if (after[field as keyof OrderDetail] !== value) fail(`add-tip: ${field} is ${String(after[field as keyof OrderDetail])}, expected ${value}`, { payload, before: pick(before), after: pick(after) })
  }
}

/** The tip choice a tip spec makes on a subtotal: a flat share of it, or basis points, within 100 % or just over. */
function tipChoiceOf(tip: TipSpec, subtotal: number): TipChoice {
  if (tip.tipType === 'NONE') return { tipType: 'NONE', value: 0 }
  if (tip.tipType === 'FLATFEE') return { tipType: 'FLATFEE', value: Math.floor(subtotal * tip.fraction) + (tip.over ? subtotal + 1 : 0) }
  return { tipType: 'PERCENTAGE', value: Math.round(10_000 * tip.fraction) + (tip.over ? 10_001 : 0) }
}

const pick = (detail: OrderDetail) => Object.fromEntries([...AMOUNT_FIELDS, 'status', 'paymentStatus'].map((field) => [field, detail[field as keyof OrderDetail]]))

async function coupon(spec: Extract<Spec, { kind: 'coupon' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const own = order.place.slug === 'spice-route-indiranagar' ? 'SPICE50' : order.place.slug === 'olive-tree-soma' && spec.order % 2 ? 'FREEDESSERT' : 'WELCOME10'
  const sent = spec.code === 'OWN' ? own : spec.code
  const code = sent.toUpperCase()
  const offer = real.catalogue.offers.get(code)
  const before = order.detail
  // Applying needs a signed-in caller: the owner when a diner owns the order, else the first diner.
  const caller =
    spec.via === 'redeem'
      ? callerOf(model, order, spec.as)
      : order.owner.kind === 'diner'
        ? callerOf(model, order, spec.as)
        : { token: model.diners[0]!.token, refused: false }
  const customerId = model.diners.find((diner) => diner.token === caller.token)?.id
  const answer =
    spec.via === 'redeem'
      ? await keyed(real, 'POST', '/coupon/v2/redeemCoupon', { code: sent, orderId: order.id }, caller.token, nextKey(model), false)
      : await keyed(
          real,
          'PATCH',
          '/coupon/v2/item/offer/apply',
          { customerId, offerIds: [offer?.id ?? '00000000-0000-4000-8000-000000000000'], orderId: order.id, orderAmount: spec.via === 'apply-wrong-amount' ? before.subtotal + 1 : before.subtotal },
          caller.token,
          nextKey(model),
          false,
        )
  const phone = redeemerPhone(model, order.owner)
  const context = { spec, before: pick(before), coupon: order.coupon }
  if (relaxed) {
    if (answer.status < 400 && offer && !order.coupon) order.coupon = { code: offer.code, phone }
    return
  }
  let refusal: string[] = []
  let noChange = false
  if (caller.refused) refusal = ['not_found']
  else if (spec.via === 'apply-wrong-amount') refusal = ['order_amount_changed']
  else if (!offer || code === 'NOPE') refusal = [spec.via === 'redeem' ? 'coupon_not_found' : 'not_found']
  else if (order.coupon?.code === offer.code) noChange = true
  else if (order.coupon || before.discount > 0) refusal = ['order_has_offer']
  else if (cancelled(order)) refusal = ['order_cancelled']
  else if (anyLive(order)) refusal = ['payment_started']
  else {
    const dishes = before.items.map((line) => ({ id: line.itemId ?? '' }))
    refusal = couponDefects(code, order.place, { subtotal: before.subtotal, dishes }, real.catalogue)
    if (usesOf(model, offer.code, phone) >= offer.limit && !['coupon_expired', 'coupon_not_valid_here', 'below_coupon_minimum'].includes(refusal[0] ?? '')) refusal = ['coupon_limit_reached']
  }
  expectOutcome(answer, { ok: refusal.length === 0, codes: refusal }, context)
  if (refusal.length) return
  const redemption = answer.body as { discount: number; total: number }
  if (noChange) {
    if (redemption.discount !== before.discount || redemption.total !== before.total) fail('the same coupon again changed the order', { ...context, redemption })
    return
  }
  order.coupon = { code: offer!.code, phone }
  const discount = expectedDiscount(code, before, real)
  // Taxed again on the discounted price (docs/payments.md "Tax after a discount").
  const taxes = modelTaxes(before.items, before.orderTaxRate, discount, scopeOf(order, real))
  const owed = due(before, { discount }) - before.tax + taxes.itemTax + taxes.orderTax
  const wallet = Math.min(before.walletRedeemed, owed)
  if (redemption.discount !== discount || redemption.total !== owed - wallet) {
    fail(`the coupon took ${redemption.discount} off (total ${redemption.total}); expected ${discount} (total ${owed - wallet})`, { ...context, redemption })
  }
}

/** What a coupon takes off an order's subtotal (docs/payments.md "Coupons"; the demo offers of docs/api.md). */
function expectedDiscount(code: string, detail: OrderDetail, real: Real): number {
  if (code === 'WELCOME10') return Math.min(Math.floor((detail.subtotal * 1_000 + 5_000) / 10_000), 500, detail.subtotal)
  if (code === 'SPICE50') return Math.min(5_000, detail.subtotal)
  const tiramisu = real.catalogue.tiramisuId
  const price = real.catalogue.places.flatMap((place) => place.dishes).find((dish) => dish.id === tiramisu)?.price ?? 0
  const lines = detail.items.filter((line) => line.itemId === tiramisu).reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  return Math.min(lines, price, detail.subtotal)
}

/** What every payment command names: the order, and the share when it pays one. */
const paymentTarget = (order: Tracked, resolved: { splitId?: string | null }): Record<string, unknown> => ({
  orderId: order.id,
  ...(resolved.splitId ? { splitId: resolved.splitId } : {}),
})

async function authorize(spec: Extract<Spec, { kind: 'authorize' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const resolved = resolveTarget(order, spec.target, spec.aim ? 'pay' : undefined)
  const amount = targetAmount(order, resolved.splitId)
  const cardToken = spec.card === 'unknown' ? 'tok_sandbox_not_a_token' : model.cards[spec.card]
  const payload: Record<string, unknown> = { ...paymentTarget(order, resolved), cardToken }
  if (spec.amount !== 'none') payload.amount = spec.amount === 'exact' ? amount : amount + 100
  const path = spec.via === 'v2' ? '/payment/v2/authorize' : spec.via === 'authorize-payment' ? '/payment/authorize-payment' : '/payment/initiatePayment'
  if (spec.via === 'initiate') payload.kind = 'CNP'
  if (spec.via === 'links') payload.kind = 'PAYMENT_LINKS'
  const answer = await keyed(real, 'POST', path, payload, caller.token, nextKey(model), spec.replay)
  if (answer.status < 400) {
    const result = answer.body as PaymentResult
    if (!order.payments.has(result.paymentId)) order.payments.set(result.paymentId, { splitId: resolved.splitId, token: cardToken, authorized: result.amount })
    if (!Number.isInteger(result.amount) || result.amount < 0) fail(`a payment of ${result.amount}`, result)
  }
  if (relaxed) return
  const live = liveOf(order, resolved.splitId)
  let refusal = spec.via === 'links' ? 'payment_method_unavailable' : paymentGate(order, caller, resolved)
  let replays: OrderPayment | undefined
  if (!refusal && spec.amount === 'wrong') refusal = 'amount_changed'
  if (!refusal && live?.status === '19') refusal = 'order_already_paid'
  if (!refusal && live?.status === '25') refusal = 'paying_at_restaurant'
  // The same card answers its hold again; another card replaces an uncaptured hold when it is authorized, and a
  // declined one leaves the hold as it was (docs/payments.md "Another card replaces a hold").
  if (!refusal && live?.status === '18' && order.payments.get(live.id)?.token === cardToken) replays = live
  if (!refusal && !replays && spec.card === 'unknown') refusal = 'invalid_card_token'
  const context = { spec, payload, live, before: pick(order.detail) }
  expectOutcome(answer, { ok: refusal === null, codes: refusal ? [refusal] : [] }, context)
  if (refusal) return
  const result = answer.body as PaymentResult
  const status = replays ? '18' : ({ good: '18', declined: '20', gateway: '21' } as const)[spec.card as keyof Cards]
  if (result.paymentStatus !== status || result.amount !== amount || (replays && result.paymentId !== replays.id)) {
    fail(`authorize answered ${result.paymentStatus} for ${result.amount}, expected ${status} for ${amount}`, { ...context, result })
  }
  await checkReceipt(model, real, order, result, resolved.splitId)
}

async function collect(spec: Extract<Spec, { kind: 'collect' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const resolved = resolveTarget(order, spec.target, spec.aim ? 'collect' : undefined)
  const payload = paymentTarget(order, resolved)
  const answer = await keyed(real, 'POST', '/payment/collect-payment', payload, caller.token, nextKey(model), spec.replay)
  if (answer.status < 400) {
    const result = answer.body as PaymentResult
    const known = order.payments.get(result.paymentId)
    // Never more collected than authorized: a capture answers the authorization's own amount.
    if (known && result.paymentStatus === '19' && result.amount !== known.authorized) fail(`collected ${result.amount}, ${known.authorized} was authorized`, { payload, result })
  }
  if (relaxed) return
  const live = liveOf(order, resolved.splitId)
  let refusal = paymentGate(order, caller, resolved)
  if (!refusal && !live) refusal = 'payment_not_authorized'
  if (!refusal && live?.status === '25') refusal = 'paying_at_restaurant'
  const context = { spec, payload, live, before: pick(order.detail) }
  expectOutcome(answer, { ok: refusal === null, codes: refusal ? [refusal] : [] }, context)
  if (refusal) return
  const result = answer.body as PaymentResult
  if (result.paymentStatus !== '19' || result.paymentId !== live!.id || result.amount !== live!.amount) {
    fail(`collect answered ${result.paymentStatus} for ${result.amount}, expected 19 for ${live!.amount}`, { ...context, result })
  }
  await checkReceipt(model, real, order, result, resolved.splitId)
}

async function counter(spec: Extract<Spec, { kind: 'counter' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const resolved = resolveTarget(order, spec.target, spec.aim ? 'pay' : undefined)
  const kind = spec.via === 'transfer' || spec.via === 'initiate-pos' ? 'POS' : 'PAY_AT_LOCATION'
  const payload: Record<string, unknown> = paymentTarget(order, resolved)
  const path = spec.via === 'offline' ? '/payment/customer-initiate-offline-payment' : spec.via === 'transfer' ? '/payment/transfer-order' : '/payment/start-transaction'
  if (spec.via.startsWith('initiate')) payload.kind = kind
  const answer = await keyed(real, 'POST', path, payload, caller.token, nextKey(model), false)
  if (answer.status < 400) {
    const result = answer.body as PaymentResult
    if (!order.payments.has(result.paymentId)) order.payments.set(result.paymentId, { splitId: resolved.splitId, token: null, authorized: result.amount })
  }
  if (relaxed) return
  const live = liveOf(order, resolved.splitId)
  let refusal = paymentGate(order, caller, resolved)
  if (!refusal && live?.status === '19') refusal = 'order_already_paid'
  if (!refusal && live?.status === '18') refusal = 'payment_already_authorized'
  const context = { spec, payload, live, before: pick(order.detail) }
  expectOutcome(answer, { ok: refusal === null, codes: refusal ? [refusal] : [] }, context)
  if (refusal) return
  const result = answer.body as PaymentResult
  const amount = targetAmount(order, resolved.splitId)
  const same = live?.status === '25' && live.kind === kind
  if (result.paymentStatus !== '25' || result.kind !== kind || result.amount !== amount || (same && result.paymentId !== live.id) || (!same && live && result.paymentId === live.id)) {
    fail(`paying at the restaurant answered ${result.kind} ${result.paymentStatus} for ${result.amount}, expected ${kind} 25 for ${amount}`, { ...context, result })
  }
  await checkReceipt(model, real, order, result, resolved.splitId)
}

async function cancel(spec: Extract<Spec, { kind: 'cancel' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const answer = await keyed(real, 'POST', '/order/customer/cancel', { orderId: order.id }, caller.token, nextKey(model), spec.replay)
  if (answer.status < 400) checkAmounts(answer.body as OrderDetail, { cancel: order.id })
  if (relaxed) return
  const payments = order.detail.payments
  const refusal = caller.refused
    ? 'not_found'
    : cancelled(order) ||
        payments.some((payment) => payment.status === '19') ||
        payments.some((payment) => payment.status === '25' && !payment.voidedAt) ||
        order.tab ||
        !UNPAID.includes(order.detail.status)
      ? 'order_not_cancellable'
      : null
  expectOutcome(answer, { ok: refusal === null, codes: refusal ? [refusal] : [] }, { spec, before: pick(order.detail), payments })
  if (!refusal && (answer.body as OrderDetail).status !== '8') fail('a cancelled order is not 8', answer.body)
}

async function round(spec: Extract<Spec, { kind: 'round' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const type = order.place.types.find((candidate) => candidate.code === order.detail.orderTypeCode) ?? order.place.types[0]!
  const [cart] = fc.sample(cartOf(real.catalogue, order.place, type.group === 'E' ? { ...type, group: 'D' } : type), { seed: spec.seed, numRuns: 1 })
  const payload = { orderId: order.id, items: cart!.items }
  const before = order.detail
  const answer = await keyed(real, 'PUT', '/order/update/customer', payload, caller.token, nextKey(model), false)
  if (answer.status < 400) checkAmounts(answer.body as OrderDetail, payload)
  if (relaxed) return
  const refusal = caller.refused
    ? ['not_found']
    : !order.tab
      ? ['not_a_table_order']
      : CLOSED.includes(before.status)
        ? ['order_closed']
        : before.paymentStatus === '19'
          ? ['order_already_paid']
          : anyLive(order)
            ? ['bill_being_paid']
            : cart!.defects
  const fair = cart!.dishes.some((dish) => dish.stocked) ? ['sold_out', 'out_of_stock'] : []
  expectOutcome(answer, { ok: refusal.length === 0, codes: refusal, fair }, { spec, payload, before: pick(before) })
  if (answer.status >= 400) return
  const after = answer.body as OrderDetail
  if (after.subtotal !== before.subtotal + cart!.subtotal) fail(`a round of ${cart!.subtotal} took the subtotal from ${before.subtotal} to ${after.subtotal}`, { payload, after: pick(after) })
  if (after.walletRedeemed !== before.walletRedeemed || after.discount !== before.discount) fail('a round changed the wallet or the discount', { before: pick(before), after: pick(after) })
}

async function split(spec: Extract<Spec, { kind: 'split' }>, order: Tracked, model: FuzzModel, real: Real, relaxed: boolean) {
  const caller = callerOf(model, order, spec.as)
  const before = order.detail
  const lines = before.items.map((line) => line.id)
  const items = spec.mode === 'ITEMS' && lines.length >= 2
  let payload: Record<string, unknown>
  let defect: string | null = null
  let groups: string[][] = []
  if (items) {
    const count = Math.min(spec.parts, lines.length)
    groups = Array.from({ length: count }, () => [] as string[])
    // Every group gets a line first, then the rest go where the generator says.
    lines.forEach((id, index) => groups[index < count ? index : spec.assign[index % spec.assign.length]! % count]!.push(id))
    if (spec.wrong === 'unknown') {
      groups[0]!.push('00000000-0000-4000-8000-000000000001')
      defect = 'unknown_line'
    } else if (spec.wrong === 'twice') {
      groups[1]!.push(groups[0]![0]!)
      defect = 'line_in_two_shares'
    } else if (spec.wrong === 'missing' && groups.some((group) => group.length > 1)) {
      groups.find((group) => group.length > 1)!.pop()
      defect = 'line_not_shared'
    }
    payload = { orderId: order.id, mode: 'ITEMS', groups: groups.map((orderItemIds) => ({ orderItemIds })) }
  } else {
    payload = { orderId: order.id, mode: 'EVEN', parts: spec.parts }
  }
  const answer = await keyed(real, 'POST', '/order/customer/split', payload, caller.token, nextKey(model), false)
  if (answer.status < 400) {
    const bill = answer.body as SplitBill
    for (const share of bill.shares) order.shares.add(share.id)
  }
  if (relaxed) return
  let refusal = caller.refused
    ? 'not_found'
    : CLOSED.includes(before.status)
      ? 'order_closed'
      : before.paymentStatus === '19' || anyLive(order)
        ? 'bill_being_paid'
        : before.total <= 0
          ? 'nothing_to_split'
          : defect
  let amounts: number[] = []
  if (!refusal && !items) {
    if (spec.parts > before.total) refusal = 'too_many_parts'
    else amounts = evenShares(before.total, spec.parts)
  } else if (!refusal) {
    const subtotalOf = new Map(before.items.map((line) => [line.id, line.lineSubtotal]))
    amounts = itemShares(
      groups.map((group) => group.reduce((sum, id) => sum + (subtotalOf.get(id) ?? 0), 0)),
      before.subtotal,
      before.total,
    )
    if (amounts.some((amount) => amount <= 0)) refusal = 'share_too_small'
  }
  expectOutcome(answer, { ok: refusal === null, codes: refusal ? [refusal] : [] }, { spec, payload, before: pick(before) })
  if (refusal) return
  const bill = answer.body as SplitBill
  if (JSON.stringify(bill.shares.map((share) => share.amount)) !== JSON.stringify(amounts)) fail(`the shares are ${bill.shares.map((share) => share.amount)}, expected ${amounts}`, { payload, bill })
}

const providerFor = cardProviderFor({ SANDBOX: true, TOKEN_SECRET: 'unused by void, which needs no token secret-000' })

async function expire(spec: Extract<Spec, { kind: 'expire' }>, model: FuzzModel, real: Real, relaxed: boolean) {
  const now = new Date(real.now().getTime() + spec.advanceMs)
  const unpaid = (order: Tracked) =>
    UNPAID.includes(order.detail.status) &&
    !order.detail.payments.some((payment) => payment.status === '19' || (payment.status === '25' && !payment.voidedAt)) &&
    order.detail.payBy !== null &&
    new Date(order.detail.payBy).getTime() <= now.getTime()
  const predicted = model.orders.filter(unpaid).map((order) => order.id)
  const run = await expireUnpaidOrders(real.t.db, now, { providerFor })
  if (run.skipped.length) fail('the expiry could not release a hold', run.skipped)
  const ours = new Set(model.orders.map((order) => order.id))
  const expired = run.expired.filter((id) => ours.has(id)).sort()
  if (!relaxed && JSON.stringify(expired) !== JSON.stringify([...predicted].sort())) {
    fail(`the expiry at +${spec.advanceMs / MINUTE} min cancelled ${expired.length} of this run's orders, ${predicted.length} were unpaid past payBy`, {
      expired,
      predicted,
      orders: model.orders.map((order) => [order.id, order.detail.status, order.detail.payBy, order.detail.payments.map((payment) => [payment.status, payment.voidedAt])]),
    })
  }
  // In a race the other command may be changing an order right now: the race reads every order back after both.
  if (relaxed) return
  for (const order of model.orders) await refresh(model, real, order)
  for (const id of expired) {
    const order = model.orders.find((candidate) => candidate.id === id)!
    if (order.detail.status !== '9' || order.detail.cancelReason !== 'payment_timeout') fail(`expired order ${id} is ${order.detail.status} (${order.detail.cancelReason})`, order.detail)
  }
}

async function kitchen(spec: Extract<Spec, { kind: 'kitchen' }>, model: FuzzModel, real: Real, relaxed: boolean) {
  const before = new Map(model.orders.map((order) => [order.id, pick(order.detail)]))
  await runKitchenTick(real.t.db, new Date(real.now().getTime() + spec.advanceMs), { stepSeconds: spec.stepSeconds })
  if (relaxed) return
  for (const order of model.orders) {
    await refresh(model, real, order)
    // An order placed while the kitchen ran (in a race) has nothing to compare with.
    const was = before.get(order.id)
    if (!was) continue
    // The kitchen moves statuses, never money: an unpaid order stays put and no amount changes.
    for (const field of AMOUNT_FIELDS) if (was[field] !== order.detail[field]) fail(`the kitchen changed ${field} of order ${order.id}`, { was, now: pick(order.detail) })
    if (UNPAID.includes(String(was.status)) && order.detail.status !== was.status && !order.tab) fail(`the kitchen moved unpaid order ${order.id} from ${was.status} to ${order.detail.status}`, order.detail)
  }
}

/**
 * Two commands at once, as two tabs or two diners would, mostly on the same order: only the
 * invariants are checked, then every order is read back.
 */
async function race(spec: Extract<Spec, { kind: 'race' }>, model: FuzzModel, real: Real) {
  const [a, b] = [spec.a, spec.b]
  const shared = spec.same && ORDER_COMMANDS.includes(a.kind) ? orderFor(a as OrderSpec, model) : undefined
  await Promise.all([a, b].map((one) => execute(one, model, real, true, shared)))
  for (const order of model.orders) await refresh(model, real, order)
}

/** A valid pickup order at Empire Burger (open all day, a counted dish) for contention, from a seed. */
function contentionDraft(real: Real, seed: number, { counted, coupon }: { counted: boolean; coupon?: string }): OrderDraft {
  const placeIndex = real.catalogue.places.findIndex((candidate) => candidate.slug === 'empire-burger')
  const place = real.catalogue.places[placeIndex]!
  const type = place.types.find((candidate) => candidate.group === 'P')!
  const carts = fc.sample(cartOf(real.catalogue, place, type), { seed, numRuns: 20 }).filter((cart) => cart.defects.length === 0)
  const cart = carts[0] ?? { items: [], subtotal: 0, dishes: [], defects: [] }
  const dish = place.dishes.find((candidate) => candidate.stocked && candidate.modifiers.every((modifier) => modifier.min === 0))
  const items = counted && dish ? [{ itemId: dish.id, quantity: 1 }, ...cart.items] : cart.items
  const subtotal = cart.subtotal + (counted && dish ? dish.price : 0)
  const dishes = counted && dish ? [dish, ...cart.dishes] : cart.dishes
  return {
    placeIndex,
    type,
    request: { locationId: place.id, orderTypeCode: type.code, items, tip: { tipType: 'NONE', value: 0 }, ...(coupon ? { couponCode: coupon } : {}) },
    subtotal,
    dishes,
    defects: coupon && subtotal < 1_500 ? ['below_coupon_minimum'] : [],
    timing: { mode: 'auto', pick: 0 },
    stocked: dishes.some((candidate) => candidate.stocked),
  }
}

async function contend(spec: Extract<Spec, { kind: 'contend' }>, model: FuzzModel, real: Real) {
  const who: WhoSpec = { kind: 'diner', index: spec.diner }
  const placing = (seed: number, extra: { counted: boolean; coupon?: string }, wallet: 'part' | 'all' | 'none'): Extract<Spec, { kind: 'place' }> => ({
    kind: 'place',
    who,
    draft: contentionDraft(real, seed, extra),
    wallet,
    replay: 'none',
  })
  if (spec.scenario === 'cancel-vs-place' || spec.scenario === 'expire-vs-place') {
    const before = model.orders.length
    await place(placing(spec.seed, { counted: true }, 'part'), model, real, false)
    const first = model.orders.length > before ? model.orders.at(-1)! : undefined
    if (!first) return
    const release =
      spec.scenario === 'cancel-vs-place'
        ? execute({ kind: 'cancel', aim: false, order: 0, as: 'owner', replay: false }, model, real, true, first)
        : execute({ kind: 'expire', advanceMs: 60 * MINUTE }, model, real, true)
    await Promise.all([release, place(placing(spec.seed + 1, { counted: true }, 'part'), model, real, true)])
  } else if (spec.scenario === 'coupon-vs-place') {
    // A coupon taken on an order paid from the wallet gives wallet back, while the diner places another with it.
    const before = model.orders.length
    await place(placing(spec.seed, { counted: false }, 'all'), model, real, false)
    const first = model.orders.length > before ? model.orders.at(-1)! : undefined
    if (!first) return
    await Promise.all([
      execute({ kind: 'coupon', aim: false, order: 0, as: 'owner', code: 'WELCOME10', via: 'redeem' }, model, real, true, first),
      place(placing(spec.seed + 1, { counted: false, coupon: 'WELCOME10' }, 'part'), model, real, true),
    ])
  } else if (spec.scenario === 'two-wallets') {
    await Promise.all([0, 1].map((offset) => place(placing(spec.seed + offset, { counted: false }, 'all'), model, real, true)))
  } else {
    await Promise.all([0, 1].map((offset) => place(placing(spec.seed + offset, { counted: false, coupon: 'WELCOME10' }, 'none'), model, real, true)))
  }
  for (const order of model.orders) await refresh(model, real, order)
}

// ---------------------------------------------------------------------------------------------
// Runs

let phones = 0
const nextPhone = () => `+1646${String(5_000_000 + ++phones).padStart(7, '0')}`

/** drizzle's execute answers an array on postgres-js and { rows } on PGlite. */
const rowsOf = (result: unknown): Record<string, unknown>[] =>
  Array.isArray(result) ? (result as Record<string, unknown>[]) : ((result as { rows?: Record<string, unknown>[] }).rows ?? [])

/** Counted dishes: stock now plus what orders not cancelled hold, which no flow may change. */
async function stockHeld(t: TestApp): Promise<Map<string, number>> {
  const result = (await t.db.execute(sql`
    select i.id, i.stock_quantity + coalesce((
      select sum(l.quantity) from order_items l join orders o on o.id = l.order_id where l.item_id = i.id and o.status not in ('8', '9')
    ), 0) as held
    from menu_items i where i.stock_quantity is not null`)) as unknown
  return new Map(rowsOf(result).map((row) => [String(row.id), Number(row.held)]))
}

async function setUpRun(real: Real, run: number, wallets: number[], cards: Cards, seededStock: Map<string, number>): Promise<FuzzModel> {
  const { t } = real
  // The orders earlier runs left unpaid are expired now, so this run's expiry sees its own.
  while ((await expireUnpaidOrders(t.db, new Date(real.now().getTime() + 24 * 60 * MINUTE), { providerFor })).expired.length > 0);
  // Counted dishes back to their seeded stock, so dishes sold out by earlier runs are on the menu again.
  for (const [id, stock] of seededStock) await t.db.update(menuItems).set({ stockQuantity: stock }).where(eq(menuItems.id, id))
  const diners: Diner[] = []
  for (const [index, credit] of wallets.entries()) {
    const phone = nextPhone()
    const who = await createTestCustomer(t, `Diner${index}`, phone)
    if (credit > 0) await recordWalletMovement(t.db, { customerId: who.id, kind: 'CREDIT', amountMinor: credit, note: 'money fuzz' })
    diners.push({ id: who.id, token: who.token, phone, credited: credit })
  }
  // The second guest proved the first diner's number: their coupon uses count together.
  const guests: Guest[] = []
  for (const [index, phone] of [nextPhone(), diners[0]!.phone].entries()) {
    const fullName = `Guest ${index} Fuzz`
    const guest = await createTestGuest(t, fullName, phone)
    guests.push({ id: guest.id, token: guest.token, phone, fullName })
  }
  return { run, diners, guests, orders: [], cards, stockBaseline: await stockHeld(t) }
}

/** After a run: the money audit over the whole database, stock conserved, no event slot overbooked. */
async function checkRun(model: FuzzModel, real: Real) {
  for (const order of model.orders) await refresh(model, real, order)
  await checkWorld(model, real)
  const audit = await auditMoney(real.t.db)
  if (audit.violations.length) fail('the money audit found violations', audit.violations.map(describeViolation))
  const held = await stockHeld(real.t)
  for (const [id, baseline] of model.stockBaseline) {
    if (held.get(id) !== baseline) fail(`dish ${id}: stock plus what live orders hold went from ${baseline} to ${held.get(id)}`, {})
  }
  const overbooked = (await real.t.db.execute(sql`
    select e.slug, o.scheduled_for, count(*)::int as taken, e.orders_per_slot
    from orders o
    join order_types ot on ot.location_id = o.location_id and ot.code = o.order_type_code and ot.type_group = 'E'
    join events e on e.location_id = o.location_id
    where o.status not in ('8', '9')
    group by e.slug, o.scheduled_for, e.orders_per_slot
    having count(*) > e.orders_per_slot`)) as unknown
  if (rowsOf(overbooked).length) fail('an event slot holds more orders than it takes', rowsOf(overbooked))
}

/** The endpoints the fuzzer must get through with a 2xx, or it is not reaching the happy path. */
export const HAPPY_PATH = [
  'POST /order/customer/totals',
  'POST /order/customer/createOrder',
  'PUT /order/v2/customer/add-tip',
  'POST /coupon/v2/redeemCoupon',
  'PATCH /coupon/v2/item/offer/apply',
  'POST /payment/v2/authorize',
  'POST /payment/collect-payment',
  'POST /payment/customer-initiate-offline-payment',
  'POST /payment/transfer-order',
  'POST /order/customer/cancel',
  'PUT /order/update/customer',
  'POST /order/customer/split',
]

/**
 * Registers the money fuzzer's tests: `runs` model runs of up to `maxCommands` commands each, from
 * `seed`. Call it inside a describe; the database is one per file, as for every server test.
 */
export function fuzzMoneyFlows({ runs, maxCommands, seed, timeoutMs }: { runs: number; maxCommands: number; seed: number; timeoutMs: number }) {
  let t: TestApp
  let catalogue: Catalogue
  let cards: Cards
  let seededStock: Map<string, number>
  const stats: FuzzStats = { runs: 0, commands: 0, requests: 0, byEndpoint: new Map(), byCommand: new Map(), placed: new Map() }
  // The app's clock: noon in San Francisco on the seeding day, running on (the seeded events are
  // dated from that day). Which restaurants are open, and so which paths a seed takes, no longer
  // depends on the hour the run starts: a failing seed replays at any hour of the same day.
  const clock = seedDayClock()

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now })
    await clock.fix(t)
    catalogue = await loadCatalogue(t)
    cards = { good: await sandboxCardToken(t), declined: await sandboxCardToken(t, '4000000000000341'), gateway: await sandboxCardToken(t, '4000000000000119') }
    const stocked = await t.db.select({ id: menuItems.id, stock: menuItems.stockQuantity }).from(menuItems).where(isNotNull(menuItems.stockQuantity))
    seededStock = new Map(stocked.filter((row) => row.stock! > 0).map((row) => [row.id, row.stock!]))
  })
  afterAll(() => t?.close())

  it(`${runs} runs of up to ${maxCommands} commands over the money flows (FUZZ_SEED=${seed}): never a 5xx, no error logged, amounts add up, the money audit clean`, { timeout: timeoutMs }, async () => {
    console.info(`money fuzz: FUZZ_SEED=${seed}, ${runs} runs of up to ${maxCommands} commands`)
    const real: Real = { t, catalogue, stats, now: clock.now }
    const step = fc.oneof(...specArbitraries(catalogue).map(({ weight, arbitrary }) => ({ weight, arbitrary: arbitrary.map((spec) => new Step(spec)) })))
    const commands = fc.commands([step], { maxCommands, size: 'max' })
    const wallets = fc.tuple(fc.constantFrom(0, 500, 2_000, 20_000, 100_000), fc.constantFrom(0, 1_500, 50_000))
    await fc.assert(
      fc.asyncProperty(wallets, commands, async (credits, steps) => {
        const run = ++stats.runs
        let model: FuzzModel | undefined
        await fc.asyncModelRun(async () => {
          model = await setUpRun(real, run, credits, cards, seededStock)
          return { model, real }
        }, steps)
        await checkRun(model!, real)
      }),
      // No shrinking unless asked: each attempt runs against the same database, so it is slow and only nearly the same run.
      { seed, numRuns: runs, endOnFailure: process.env.FUZZ_SHRINK !== '1', ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) },
    )
    console.info(describeStats(stats))
  })

  it('reaches the far side of every money check: each happy-path endpoint answered 2xx', () => {
    const missing = HAPPY_PATH.filter((endpoint) => !(stats.byEndpoint.get(endpoint)?.ok ?? 0))
    expect(missing, describeStats(stats)).toEqual([])
    expect([...stats.placed.keys()].sort()).toEqual(expect.arrayContaining(['D', 'L', 'P']))
  })
}

export function describeStats(stats: FuzzStats): string {
  const endpoints = [...stats.byEndpoint]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([endpoint, tally]) => `  ${endpoint}: ${tally.ok} 2xx, ${[...tally.refused.values()].reduce((sum, count) => sum + count, 0)} refused (${[...tally.refused].map(([code, count]) => `${code} ${count}`).join(', ')})`)
  return [
    `money fuzz: ${stats.runs} runs, ${stats.commands} commands, ${stats.requests} requests`,
    `  commands: ${[...stats.byCommand].map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
    `  orders placed by order type group: ${[...stats.placed].map(([group, count]) => `${group} ${count}`).join(', ')}`,
    ...endpoints,
  ].join('\n')
}

/** Used by the describe blocks: the seed and run count from the environment. */
export function fuzzSettings(defaults: { runs: number; maxCommands: number }) {
  return {
    seed: Number(process.env.FUZZ_SEED ?? 20_261_124),
    runs: Number(process.env.MONEY_FUZZ_RUNS ?? defaults.runs),
    maxCommands: Number(process.env.MONEY_FUZZ_COMMANDS ?? defaults.maxCommands),
  }
}

