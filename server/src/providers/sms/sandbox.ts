import type { Database } from '../../db/client'
import { smsMessages } from '../../db/schema'
import type { SmsProvider } from './sms-provider'

/** Records every text in sms_messages instead of sending it; GET /api/dev/outbox reads them. */
export function sandboxSmsProvider(db: Database): SmsProvider {
  return {
    name: 'sandbox',
    async send(phone, body) {
      await db.insert(smsMessages).values({ phone, body, provider: 'sandbox' })
    },
  }
}
