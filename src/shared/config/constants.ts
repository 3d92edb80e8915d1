/** The payload obfuscation passphrase (docs/api.md, "Wire protocol"): public, it ships in the bundle. */
export const DEFAULT_PAYLOAD_KEY = 'tablefront-payload-v1'

const buildEnv: Record<string, string | undefined> =
  (import.meta as { env?: Record<string, string | undefined> }).env ?? {}

export const PAYLOAD_KEY = buildEnv.PUBLIC_PAYLOAD_KEY || DEFAULT_PAYLOAD_KEY
export const API_BASE = buildEnv.PUBLIC_API_BASE || '/api'

/** The fixed embedded secret for browser storage (docs/app.md, "Stored in the browser"): obfuscation, not protection. */
export const STORAGE_SECRET = 'tablefront-storage-v1'

export const API_TIMEOUT_MS = 60_000
export const PERSIST_TIMEOUT_MS = 5_000
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000
export const TOAST_FLOW_MS = 1_500
export const TOAST_SHELL_MS = 3_000
export const MOBILE_MAX_WIDTH = 768
export const DEFAULT_PRIMARY_COLOR = '#E52333'
export const DEFAULT_TEXT_COLOR = '#FFFFFF'

/** docs/app.md, "Messages": the product's words, kept exactly. */
export const OFFLINE_TITLE = 'No Internet Connection'
export const OFFLINE_MESSAGE = 'Please check your internet connection and try again.'
export const OFFLINE_RETRY = 'Retry'
