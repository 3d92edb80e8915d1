// `npm run audit:money`: proves the money rules (docs/payments.md "The money audit") over the
// database the server uses — DATABASE_URL, else PGlite in DATA_DIR (./data) — and exits 1 on any
// violation. PGlite's directory belongs to one process: stop the server before auditing it.
import { describeViolation, auditMoney } from '../server/src/db/money-audit'
import { openDatabase } from '../server/src/db/client'

const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = process.env.DATA_DIR || './data'
const handle = await openDatabase({ databaseUrl, dataDir })
try {
  const audit = await auditMoney(handle.db)
  const { counts } = audit
  console.log(
    `Money audit of ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}`}: ${counts.orders} orders, ${counts.payments} payments ` +
      `(${counts.paymentEvents} events), ${counts.customers} customers (${counts.walletMovements} wallet movements), ${counts.offerUses} offer uses.`,
  )
  if (audit.predatingOrders.length > 0) {
    console.log(`${audit.predatingOrders.length} order(s) predate the money rules and are not audited: ${audit.predatingOrders.join(', ')}`)
  }
  for (const violation of audit.violations) console.log(describeViolation(violation))
  console.log(audit.violations.length === 0 ? 'No violation.' : `${audit.violations.length} violation(s).`)
  process.exitCode = audit.violations.length === 0 ? 0 : 1
} finally {
  await handle.close()
}
