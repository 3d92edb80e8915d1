import { eq } from 'drizzle-orm'
import { ApiError } from '../../lib/errors'
import { customers, walletMovements } from '../../db/schema'
import type { Executor } from '../../db/executor'

export type WalletMovementKind = (typeof walletMovements.$inferInsert)['kind']

/**
 * Writes one row of a customer's wallet ledger (docs/payments.md "Wallet"). The database adds it
 * to the balance and refuses an overdraft (SQLSTATE 23514 on customers_wallet_not_negative, which
 * the app answers as 409 wallet_changed): REDEEM takes a negative amount, every other kind a
 * positive one; REDEEM and RELEASE name their order.
 */
export async function recordWalletMovement(
  executor: Executor,
  movement: { customerId: string; kind: WalletMovementKind; amountMinor: number; orderId?: string | null; note?: string | null },
): Promise<void> {
  if (movement.amountMinor === 0) return
  await executor.insert(walletMovements).values({
    customerId: movement.customerId,
    kind: movement.kind,
    amountMinor: movement.amountMinor,
    orderId: movement.orderId ?? null,
    note: movement.note ?? null,
  })
}

/** The wallet credit a signed-in customer can use: at most the balance and the amount due (docs/payments.md "Wallet"). */
export async function walletCredit(executor: Executor, customerId: string, requested: number, amountDue: number): Promise<number> {
  const [customer] = await executor.select({ balance: customers.walletAmountMinor }).from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
  return Math.max(0, Math.min(requested, customer.balance, amountDue))
}
