import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { drainPgliteReplies } from './db/threaded-pglite'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { AppDeps, Logger } from './deps'
import type { SiteBuilder } from './site/site-builder'
import { clientAddress } from './lib/client-address'
import {
  ApiError,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  describeConnectionError,
  invalidText,
  isDatabaseUnavailable,
  isTransientDatabaseError,
  isUnstorableText,
  isUnstorableTextError,
  moneyRuleRefusal,
  tryAgain,
} from './lib/errors'
import { createStreamGate, giveSlot, isRefusal, tooManyStreams } from './lib/stream-gate'
import { contentSecurityPolicyFor } from './site/csp'
import { configRoutes } from './modules/config/config.routes'
import { eventRoutes } from './modules/events/events.routes'
import { deliveryRoutes } from './modules/delivery/delivery.routes'
import { dineInRoutes } from './modules/dine-in/dine-in.routes'
import { feedbackRoutes } from './modules/feedback/feedback.routes'
import { supportRoutes } from './modules/support/support.routes'
import { floorRoutes } from './modules/floor/floor.routes'
import { offerRoutes } from './modules/offers/offers.routes'
import { placementRoutes } from './modules/orders/placement.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { addressRoutes } from './modules/addresses/addresses.routes'
import { cardRoutes } from './modules/cards/cards.routes'
import { customerRoutes } from './modules/customers/customers.routes'
import { orderHistoryRoutes } from './modules/orders/order-history.routes'
import { pricingRoutes } from './modules/orders/pricing.routes'
import { sandboxPaymentRoutes } from './providers/payment/payment.routes'
import { devRoutes } from './modules/dev/dev.routes'
import { favouriteRoutes } from './modules/favourites/favourites.routes'
import { healthRoutes } from './modules/health/health.routes'
import { openApiRoutes } from './modules/openapi/openapi.routes'
import { linkRoutes } from './modules/links/links.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { merchantRoutes } from './modules/merchants/merchants.routes'
import { placeRoutes } from './modules/places/places.routes'
import { tableRoutes } from './modules/tables/tables.routes'
import { reservationRoutes } from './modules/reservations/reservations.routes'
import { kitchenRoutes } from './modules/kitchen/kitchen.routes'
import { staffRoutes } from './modules/staff/staff.routes'
import { hostStandRoutes } from './modules/host-stand/host-stand.routes'

/**
 * Every route that answers a live stream (Server-Sent Events). Each passes the stream gate before
 * anything else runs, and `liveStream` refuses to start a stream that did not (docs/operations.md).
 */
export const STREAM_PATHS = [
  '/customer/reservations/:reservationId/events',
  '/order/:orderId/tracking/events',
  '/staff/:locationId/kitchen/events',
  '/staff/:locationId/host/events',
  '/staff/:locationId/floor/events',
] as const

/**
 * Request body limits in bytes, as sent (docs/operations.md, "Request bodies"). A cart route takes
 * up to 100 lines of 50 options with 300-character comments, encrypted: about 640 KB at most, so
 * 1 MiB; feedback takes up to 50 answers of 1,000 characters (about 210 KB encrypted); every other
 * body is a few fields, under 20 KB at the schemas' maximum.
 */
export const BODY_LIMITS = { cart: 1024 * 1024, feedback: 512 * 1024, other: 64 * 1024 } as const

/** The API paths (under the base) whose bodies carry a cart, or an order's lines. */
const CART_PATHS = new Set(['/order/customer/createOrder', '/merchants/cartItems', '/order/customer/totals', '/order/update/customer', '/order/customer/split'])
const FEEDBACK_PATHS = new Set(['/customer/feedback/v2'])

export const bodyLimitFor = (path: string): number =>
  CART_PATHS.has(path) ? BODY_LIMITS.cart : FEEDBACK_PATHS.has(path) ? BODY_LIMITS.feedback : BODY_LIMITS.other

/** A percent-encoded NUL in the raw path or query: refused before routing decodes it into a parameter. */
const ENCODED_NUL = /%00/i

/** One log line when the database goes away and one a minute while it stays away, not one per request. */
function outageNotes(log: Logger, now = Date.now) {
  const QUIET_MS = 60_000
  let notedAt = -Infinity
  let refusedSince = 0
  return (error: unknown) => {
    refusedSince += 1
    if (now() - notedAt < QUIET_MS) return
    const cause = describeConnectionError(error)
    log.error(
      notedAt === -Infinity || refusedSince === 1
        ? `The database is unavailable (${cause}): database requests answer 503 try_again until it is back.`
        : `The database is still unavailable (${cause}): ${refusedSince} requests answered 503 try_again since the last note.`,
    )
    notedAt = now()
    refusedSince = 0
  }
}

/** The SPA shell that answers every path without a static page of its own. */
export const SHELL_PATH = 'app-shell/index.html'

/**
 * A header set on an answer already made: on its own headers where they can change, as hono's
 * `c.header` would otherwise rebuild the answer as a web Response and pipe its body (about 0.1 ms
 * for a 33 KB menu, once per header: docs/decisions.md "Issue 16 — light requests and answers").
 * An answer whose headers cannot change (a redirect made by `Response.redirect`) goes through
 * `c.header`, which makes a copy that can.
 */
function setOnAnswer(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value)
  } catch {
    c.header(name, value)
  }
}

export function createApp(deps: AppDeps) {
  const { env, log } = deps
  const app = new Hono()
  const streamGate = deps.streamGate ?? createStreamGate()
  const noteOutage = outageNotes(log)
  app.use('*', async (_c, next) => {
    drainPgliteReplies()
    await next()
  })

  app.use(
    '*',
    secureHeaders({
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin',
      strictTransportSecurity: false,
    }),
  )
  const contentSecurityPolicy = contentSecurityPolicyFor({ tileUrl: env.TILE_URL, shellPath: SHELL_PATH })
  app.use('*', async (c, next) => {
    await next()
    setOnAnswer(c, 'Content-Security-Policy', contentSecurityPolicy(deps.site.state().root))
    // A signed-in answer (or a card provider call) is nobody else's to cache, whatever the route set.
    if (c.req.header('authorization') && c.req.path.startsWith(env.PUBLIC_API_BASE)) setOnAnswer(c, 'Cache-Control', 'no-store')
    const forwardedProto = c.req.header('x-forwarded-proto')
    if (forwardedProto === 'https' || new URL(c.req.url).protocol === 'https:') {
      setOnAnswer(c, 'Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    }
  })

  // Before routing: a NUL in a path parameter or query value is not even looked up.
  app.use('*', async (c, next) => {
    const url = c.req.url
    const target = url.slice(url.indexOf('/', url.indexOf('//') + 2))
    if (ENCODED_NUL.test(target) || isUnstorableText(target)) {
      const refusal = invalidText('The address (path or query)')
      return c.json(refusal.toBody(), refusal.status)
    }
    await next()
  })

  const api = new Hono()
  // Bodies past the route's limit are refused from Content-Length, unread, or as soon as a streamed body passes it.
  const bodyLimits = new Map(
    Object.values(BODY_LIMITS).map((maxSize) => [
      maxSize,
      bodyLimit({
        maxSize,
        onError: (c) =>
          c.json({ status: 413, message: `The request body is larger than this endpoint takes (${maxSize} bytes).`, code: 'payload_too_large' }, 413),
      }),
    ]),
  )
  api.use('*', (c, next) => {
    const limit = bodyLimitFor(c.req.path.slice(env.PUBLIC_API_BASE.length))
    // A body within its declared length is let through from the headers alone, as bodyLimit lets it;
    // bodyLimit's own first look at the body would turn @hono/node-server's light request into a
    // full web Request, read through web streams (docs/decisions.md "Issue 16 — light requests and
    // answers"). Everything else (too long, streamed) is bodyLimit's, which refuses it unread.
    const length = c.req.header('content-length')
    const declaredWithin = length !== undefined && c.req.header('transfer-encoding') === undefined && Number.parseInt(length, 10) <= limit
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || declaredWithin) return next()
    return bodyLimits.get(limit)!(c, next)
  })
  // Live streams: decided per client before authentication or any database read; 429 with Retry-After.
  for (const path of STREAM_PATHS) {
    api.use(path, async (c, next) => {
      const answer = streamGate.admit(clientAddress(c, env.TRUST_PROXY))
      if (isRefusal(answer)) {
        c.header('Retry-After', String(answer.retryAfterSeconds))
        const refusal = tooManyStreams(answer)
        return c.json(refusal.toBody(), refusal.status)
      }
      const held = giveSlot(c, answer)
      try {
        await next()
      } finally {
        // Refused (404, 401, 503) before its stream started: the slot goes back at once.
        if (!held.taken()) answer.release()
      }
    })
  }
  // Every answer varies with Accept-Encoding, said up front: compress() adding it to a finished answer
  // rebuilt the answer as a web Response and piped its body, even for a client that takes no encoding.
  api.use('*', async (c, next) => {
    c.header('Vary', 'Accept-Encoding')
    await next()
  })
  api.use('*', compress())
  api.route('/', healthRoutes(deps))
  api.route('/', openApiRoutes(deps))
  api.route('/', merchantRoutes(deps))
  api.route('/', linkRoutes(deps))
  api.route('/', mediaRoutes(deps))
  api.route('/', configRoutes(deps))
  api.route('/', eventRoutes(deps))
  api.route('/', deliveryRoutes(deps))
  api.route('/', dineInRoutes(deps))
  api.route('/', feedbackRoutes(deps))
  api.route('/', supportRoutes(deps))
  api.route('/', floorRoutes(deps))
  api.route('/', reservationRoutes(deps))
  api.route('/', staffRoutes(deps))
  api.route('/', kitchenRoutes(deps))
  api.route('/', hostStandRoutes(deps))
  api.route('/', offerRoutes(deps))
  api.route('/', placementRoutes(deps))
  api.route('/', pricingRoutes(deps))
  api.route('/', authRoutes(deps))
  api.route('/', customerRoutes(deps))
  api.route('/', addressRoutes(deps))
  api.route('/', cardRoutes(deps))
  api.route('/', orderHistoryRoutes(deps))
  if (env.SANDBOX) api.route('/', sandboxPaymentRoutes(deps))
  api.route('/', tableRoutes(deps))
  api.route('/', favouriteRoutes(deps))
  if (env.SANDBOX) api.route('/', devRoutes(deps))
  api.route('/', placeRoutes(deps))
  api.all('*', (c) =>
    c.json({ status: 404, message: `No API endpoint ${c.req.method} ${c.req.path}.`, code: 'no_such_endpoint' }, 404),
  )
  app.route(env.PUBLIC_API_BASE, api)

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status)
    const ruleRefusal = moneyRuleRefusal(error)
    if (ruleRefusal) {
      // The database held a money rule that the endpoint should have checked itself: answered, and logged to be fixed.
      if (ruleRefusal.code !== 'wallet_changed') log.error(`${c.req.method} ${c.req.path} ran into a money rule of the database:`, error)
      return c.json(ruleRefusal.toBody(), ruleRefusal.status)
    }
    if (isTransientDatabaseError(error)) {
      log.info(`${c.req.method} ${c.req.path} met a deadlock or serialization failure; answered 503 to be retried`)
      c.header('Retry-After', '1')
      return c.json(tryAgain().toBody(), 503)
    }
    if (isDatabaseUnavailable(error)) {
      noteOutage(error)
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      return c.json(databaseUnavailable().toBody(), 503)
    }
    if (isUnstorableTextError(error)) {
      // The last line: validation should have refused this text; answered, and logged to be fixed.
      log.error(`${c.req.method} ${c.req.path} sent the database text it cannot store; validation missed it.`)
      return c.json(invalidText('The request').toBody(), 400)
    }
    if (error instanceof HTTPException) {
      return c.json({ status: error.status, message: error.message || 'The request was refused.', code: 'http_error' }, error.status)
    }
    log.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ status: 500, message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, 500)
  })

  app.get('/_astro/*', hashedAssets(deps.site))
  app.use('*', staticFiles(deps.site))
  let shell: { file: string; mtimeMs: number; html: string } | undefined
  app.get('*', (c) => {
    const file = join(deps.site.state().root, SHELL_PATH)
    const stats = statSync(file, { throwIfNoEntry: false })
    if (!stats) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503)
    if (shell?.file !== file || shell.mtimeMs !== stats.mtimeMs) shell = { file, mtimeMs: stats.mtimeMs, html: readFileSync(file, 'utf8') }
    const { html } = shell
    c.header('Cache-Control', 'no-cache')
    return c.html(html)
  })
  return app
}

/**
 * The build's hashed assets (`/_astro/…`), from the newest build that has the file (the site's
 * `assetRoots`): a page loaded from the build before a switch still gets the chunks it imports.
 * A name no build has is a 404 that no one caches, never the app shell: a module answered with
 * HTML fails to load, and with the assets' year-long `immutable` it would stay broken in the
 * browser for that name (docs/operations.md, "Static pages").
 */
function hashedAssets(site: SiteBuilder): MiddlewareHandler {
  const handlers = new Map<string, MiddlewareHandler>()
  const handlerOf = (root: string) => {
    let handler = handlers.get(root)
    if (!handler) handlers.set(root, (handler = serveStatic({ root, precompressed: true })))
    return handler
  }
  return async (c) => {
    const roots = site.state().assetRoots
    // A build deleted since (the one before the previous) is forgotten; one not there is skipped.
    for (const root of handlers.keys()) if (!roots.includes(root)) handlers.delete(root)
    for (const root of roots) {
      if (!handlers.has(root) && !existsSync(root)) continue
      // serveStatic calls `next` when the file is not there: try the next build.
      const response = await handlerOf(root)(c, async () => {})
      if (response instanceof Response) {
        if (response.status === 200) response.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
        return response
      }
    }
    c.header('Cache-Control', 'no-store')
    return c.text('Not found', 404)
  }
}

/** Serves the current site folder (it changes when the static pages are rebuilt), precompressed. */
function staticFiles(site: SiteBuilder): MiddlewareHandler {
  let current: { root: string; handler: MiddlewareHandler } | undefined
  return async (c, next) => {
    const root = site.state().root
    if (current?.root !== root) current = { root, handler: serveStatic({ root, precompressed: true }) }
    const response = await current.handler(c, next)
    if (response instanceof Response && response.headers.get('content-type')?.startsWith('text/html')) {
      response.headers.set('Cache-Control', 'no-cache')
    }
    return response
  }
}
