import type { Database } from '../../db/client'
import type { Env } from '../../env'
import type { EmailProvider } from './email-provider'
import { sandboxEmailProvider } from './sandbox'

export type { EmailProvider } from './email-provider'
export { sandboxEmailProvider } from './sandbox'

/** The email provider of this deployment; only the sandbox exists today. */
export function createEmailProvider(db: Database, _env: Env): EmailProvider {
  return sandboxEmailProvider(db)
}
