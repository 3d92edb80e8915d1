import { z } from 'zod'
import { DEFAULT_PAYLOAD_KEY } from '@/shared/config'

/** The token secret a server runs on when none is set: public (it is in this file), so a demo value only. */
export const DEVELOPMENT_TOKEN_SECRET = 'tablefront-development-token-secret-change-me'

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_API_BASE: z.string().regex(/^\/[\w/-]*$/, 'must be a path such as /api').default('/api'),
  PAYLOAD_KEY: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_PAYLOAD_KEY),
  /**
   * The web app's build-time copy of PAYLOAD_KEY (Astro reads it when the app is built). The server
   * does not use it; when it is set here too it must be the same, or every encrypted call fails.
   */
  PUBLIC_PAYLOAD_KEY: z.string().optional(),
  SANDBOX: flag.default(false),
  SEED: flag.default(true),
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** Where the server writes the static pages it builds from the data (npm start: always). */
  SITE_DIR: z.string().min(1).default('./dist-site'),
  /** Build static pages from the data at start and when merchant data changes. */
  BUILD_SITE: flag.default(false),
  TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /**
   * A Nominatim-compatible address search, `{query}` and `{limit}` filled in (docs/checkout.md
   * "Addresses"); unset, the sandbox geocoder that knows the demo cities' streets answers.
   */
  GEOCODER_URL: z.url('must be a URL such as https://nominatim.openstreetmap.org/search?format=jsonv2&addressdetails=1&limit={limit}&q={query}').refine((url) => url.includes('{query}'), 'must contain {query}').optional(),
  /** The public origin, for canonical URLs, Open Graph and the sitemap. */
  SITE_URL: z.url('must be a URL such as https://tablefront.example').default('http://localhost:4321'),
  /** Signs access tokens; every API instance behind one load balancer needs the same value. */
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEVELOPMENT_TOKEN_SECRET),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /**
   * How many proxies in front append to X-Forwarded-For (a TLS proxy, a load balancer): per-client
   * limits read the client's address that many hops back. 0 trusts no header.
   */
  TRUST_PROXY: z.coerce.number().int().min(0, 'must not be negative').max(10, 'must be at most 10').default(0),
  /** Run the sandbox kitchen that moves paid orders along (npm start: on). */
  KITCHEN: flag.default(false),
  KITCHEN_TICK_MS: z.coerce.number().int().min(50, 'must be at least 50').default(5000),
  /** The least time, in seconds, an order stays in a status the kitchen moves. */
  KITCHEN_STEP_SECONDS: z.coerce.number().min(0, 'must not be negative').default(20),
}).superRefine((env, context) => {
  // Outside the sandbox the built-in values are refused (docs/operations.md): anyone can read them in
  // the source, so a token signed with the built-in secret would be accepted by every such server.
  if (!env.SANDBOX && env.TOKEN_SECRET === DEVELOPMENT_TOKEN_SECRET) {
    context.addIssue({ code: 'custom', path: ['TOKEN_SECRET'], message: 'is the built-in development value; set a secret of your own (32+ characters) when SANDBOX=0' })
  }
  if (!env.SANDBOX && env.PAYLOAD_KEY === DEFAULT_PAYLOAD_KEY) {
    context.addIssue({ code: 'custom', path: ['PAYLOAD_KEY'], message: 'is the built-in value; set a passphrase of your own when SANDBOX=0, and build the web app with the same PUBLIC_PAYLOAD_KEY' })
  }
  if (env.PUBLIC_PAYLOAD_KEY !== undefined && env.PUBLIC_PAYLOAD_KEY !== env.PAYLOAD_KEY) {
    context.addIssue({ code: 'custom', path: ['PUBLIC_PAYLOAD_KEY'], message: 'differs from PAYLOAD_KEY; the web app built with it could not talk to this server' })
  }
})

export type Env = z.infer<typeof envSchema>

/** Parses the environment; a wrong value throws an error that names the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = envSchema.safeParse(blanksRemoved)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
}
