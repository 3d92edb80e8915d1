/** The sandbox card provider's public (publishable) key: it ships in the browser, as a real one would. */
export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_tablefront_2f6c1d'

/** The static authorization header of the tokenisation call (docs/payments.md "Payments"). */
export const SANDBOX_TOKENIZE_AUTHORIZATION = `Basic ${btoa(`${SANDBOX_PUBLIC_KEY}:`)}`

/** Under the API base: POST /api/provider/sandbox/tokenize. */
export const SANDBOX_TOKENIZE_PATH = '/provider/sandbox/tokenize'
