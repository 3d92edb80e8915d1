import type { Database } from '../db/client'
import type { Env } from '../env'
import { runCourierTick } from '../modules/delivery/courier'
import { expireUnpaidOrders } from '../modules/orders/cancellation'
import { runKitchenTick } from '../modules/orders/kitchen'
import { runHostTick } from '../modules/reservations/host'
import { cardProviderFor } from '../providers/payment/sandbox-payments'
import type { Job, JobLog } from './runner'

export { startJobs, type Job, type JobLog } from './runner'

/** How often unpaid orders past their deadline are looked for: an order expires at most this late. */
export const EXPIRY_EVERY_MS = 20_000

/**
 * The server's background jobs. The unpaid-order expiry always runs (it is part of the product:
 * docs/payments.md "Unpaid orders expire"); the sandbox kitchen, host and courier, which play the
 * restaurant's part in the demo, only with KITCHEN=1.
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
  if (!env.KITCHEN) return [expiry]
  const options = { stepSeconds: env.KITCHEN_STEP_SECONDS }
  const every = env.KITCHEN_TICK_MS
  return [
    expiry,
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
