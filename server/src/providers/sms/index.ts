import type { Database } from '../../db/client'
import type { Env } from '../../env'
import { sandboxSmsProvider } from './sandbox'
import type { SmsProvider } from './sms-provider'

export type { SmsProvider } from './sms-provider'
export { sandboxSmsProvider } from './sandbox'

/** The SMS provider of this deployment; only the sandbox exists today. */
export function createSmsProvider(db: Database, _env: Env): SmsProvider {
  return sandboxSmsProvider(db)
}
