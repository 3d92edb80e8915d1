import type { Database } from '../db/client'
import type { Env } from '../env'
import { purgeOldWindows, RATE_LIMIT_KEEP_MS, RATE_LIMIT_PURGE_BATCH, RATE_LIMIT_PURGE_MAX_BATCHES } from '../lib/rate-limit'
import { runCourierTick } from '../modules/delivery/courier'
import { expireUnpaidOrders } from '../modules/orders/cancellation'
import { HOUSEKEEPING_EVERY_MS, HOUSEKEEPING_PASS_LIMIT, purgeExpired } from './housekeeping'
import { runKitchenTick } from './kitchen'
import { sendOrderTexts } from '../modules/orders/order-texts'
import { runHostTick } from '../modules/reservations/host'
import { cardProviderFor } from '../providers/payment/sandbox-payments'
import { createSmsProvider } from '../providers/sms'
import type { Job, JobLog } from './runner'

export { startJobs, type Job, type JobLog } from './runner'

/** How often unpaid orders past their deadline are looked for: an order expires at most this late. */
export const EXPIRY_EVERY_MS = 20_000

/** How often texts about orders (ready, on the way, a guest's link) are sent: a text leaves at most this late. */
export const ORDER_TEXTS_EVERY_MS = 1_000

/** How often the rate-limit counters of ended windows are purged. */
export const RATE_LIMIT_PURGE_EVERY_MS = 60_000

/**
 * The server's background jobs. The unpaid-order expiry (docs/payments.md "Unpaid orders expire"),
 * the rate-limit purge and housekeeping (docs/operations.md "Background jobs") always run; the sandbox
 * kitchen, host and courier, which play the restaurant's part in the demo, only with KITCHEN=1.
 */
export function serverJobs({ db, env, log }: { db: Database; env: Env; log: JobLog }): Job[] {
  const providerFor = cardProviderFor(env)
  const expiry: Job = {
    name: 'unpaid-order expiry',
    everyMs: EXPIRY_EVERY_MS,
    describe: `cancelling orders not paid by their deadline every ${EXPIRY_EVERY_MS / 1000} s.`,
    run: async (now) => {
      const { expired, skipped } = await expireUnpaidOrders(db, now, { providerFor })
      if (expired.length > 0) log.info(`Cancelled ${expired.length} unpaid order(s) past their deadline.`)
      for (const { orderId, message } of skipped) log.error(`Order ${orderId} could not expire yet: ${message}`)
      return expired
    },
  }
  const purge: Job = {
    name: 'rate-limit purge',
    everyMs: RATE_LIMIT_PURGE_EVERY_MS,
    describe: `deleting rate-limit counters over ${RATE_LIMIT_KEEP_MS / 3_600_000} hours old every ${RATE_LIMIT_PURGE_EVERY_MS / 1000} s, at most ${RATE_LIMIT_PURGE_MAX_BATCHES * RATE_LIMIT_PURGE_BATCH} a pass.`,
    run: async (now) => {
      const result = await purgeOldWindows(db, now)
      if (!result.finished) log.info(`Deleted ${result.deleted} old rate-limit counters; the rest wait for the next pass.`)
      return result
    },
  }
  const housekeeping: Job = {
    name: 'housekeeping',
    everyMs: HOUSEKEEPING_EVERY_MS,
    describe: `deleting Idempotency-Key records and spent codes past their window every ${HOUSEKEEPING_EVERY_MS / 1000} s, at most ${HOUSEKEEPING_PASS_LIMIT} a pass.`,
    run: async (now) => {
      const result = await purgeExpired(db, now)
      if (!result.finished) log.info(`Housekeeping deleted ${result.total} expired record(s); the rest wait for the next pass.`)
      return result
    },
  }
  const texts: Job = {
    name: 'order texts',
    everyMs: ORDER_TEXTS_EVERY_MS,
    describe: `sending the texts of order status changes every ${ORDER_TEXTS_EVERY_MS / 1000} s.`,
    run: async (now) => {
      const result = await sendOrderTexts(db, { sms: (executor) => createSmsProvider(executor as Database, env), siteUrl: env.SITE_URL, now })
      if (result.stale > 0) log.info(`Dropped ${result.stale} order text(s) not sent in time.`)
      return result
    },
  }
  if (!env.KITCHEN) return [expiry, purge, housekeeping, texts]
  const options = { stepSeconds: env.KITCHEN_STEP_SECONDS }
  const every = env.KITCHEN_TICK_MS
  return [
    expiry,
    purge,
    housekeeping,
    texts,
    {
      name: 'sandbox kitchen',
      everyMs: every,
      describe: `moving paid orders every ${every} ms, ${env.KITCHEN_STEP_SECONDS} s per status.`,
      run: (now) => runKitchenTick(db, now, options),
    },
    {
      name: 'sandbox host',
      everyMs: every,
      describe: `seating the waitlist every ${every} ms, a party dines ${env.KITCHEN_STEP_SECONDS} s per minute of its dining time.`,
      run: (now) => runHostTick(db, now, options),
    },
    {
      name: 'sandbox courier',
      everyMs: every,
      describe: `booking and driving deliveries every ${every} ms, ${env.KITCHEN_STEP_SECONDS} s per step.`,
      run: (now) => runCourierTick(db, now, options),
    },
  ]
}
