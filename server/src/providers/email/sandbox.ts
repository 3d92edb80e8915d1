import type { Database } from '../../db/client'
import { emailMessages } from '../../db/schema'
import type { EmailProvider } from './email-provider'

/** Records every email in email_messages instead of sending it; GET /api/dev/email-outbox reads them. */
export function sandboxEmailProvider(db: Database): EmailProvider {
  return {
    name: 'sandbox',
    async send(to, subject, body) {
      await db.insert(emailMessages).values({ email: to, subject, body, provider: 'sandbox' })
    },
  }
}
