import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { Database, DatabaseHandle } from './db/client'
import type { Env } from './env'
import { ApiError, isTransientDatabaseError, moneyRuleRefusal, tryAgain } from './lib/errors'
import type { SiteBuilder } from './site/site-builder'
import { contentSecurityPolicyFor } from './site/csp'
import { configRoutes } from './modules/config/config.routes'
import { eventRoutes } from './modules/events/events.routes'
import { deliveryRoutes } from './modules/delivery/delivery.routes'
import { dineInRoutes } from './modules/dine-in/dine-in.routes'
import { feedbackRoutes } from './modules/feedback/feedback.routes'
import { supportRoutes } from './modules/support/support.routes'
import { offerRoutes } from './modules/offers/offers.routes'
import { placementRoutes } from './modules/orders/placement.routes'
import { authRoutes } from './modules/auth/auth.routes'
import { addressRoutes } from './modules/addresses/addresses.routes'
import { cardRoutes } from './modules/cards/cards.routes'
import { customerRoutes } from './modules/customers/customers.routes'
import { orderHistoryRoutes } from './modules/orders/orders.routes'
import { pricingRoutes } from './modules/orders/pricing.routes'
import { sandboxPaymentRoutes } from './providers/payment/payment.routes'
import { devRoutes } from './modules/dev/dev.routes'
import { favouriteRoutes } from './modules/favourites/favourites.routes'
import { healthRoutes } from './modules/health/health.routes'
import { linkRoutes } from './modules/links/links.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { merchantRoutes } from './modules/merchants/merchants.routes'
import { placeRoutes } from './modules/places/places.routes'
import { tableRoutes } from './modules/tables/tables.routes'
import { reservationRoutes } from './modules/reservations/reservations.routes'

export type Logger = Pick<Console, 'error' | 'info'>

export type AppDeps = {
  db: Database
  env: Env
  kind: DatabaseHandle['kind']
  ping: DatabaseHandle['ping']
  listen: DatabaseHandle['listen']
  log: Logger
  site: SiteBuilder
}

/** The SPA shell that answers every path without a static page of its own. */
export const SHELL_PATH = 'app-shell/index.html'

export function createApp(deps: AppDeps) {
  const { env, log } = deps
  const app = new Hono()

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
    c.header('Content-Security-Policy', contentSecurityPolicy(deps.site.state().root))
    // A signed-in answer (or a card provider call) is nobody else's to cache, whatever the route set.
    if (c.req.header('authorization') && c.req.path.startsWith(env.PUBLIC_API_BASE)) c.header('Cache-Control', 'no-store')
    const forwardedProto = c.req.header('x-forwarded-proto')
    if (forwardedProto === 'https' || new URL(c.req.url).protocol === 'https:') {
      c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    }
  })

  const api = new Hono()
  api.use('*', compress())
  api.route('/', healthRoutes(deps))
  api.route('/', merchantRoutes(deps))
  api.route('/', linkRoutes(deps))
  api.route('/', mediaRoutes(deps))
  api.route('/', configRoutes(deps))
  api.route('/', eventRoutes(deps))
  api.route('/', deliveryRoutes(deps))
  api.route('/', dineInRoutes(deps))
  api.route('/', feedbackRoutes(deps))
  api.route('/', supportRoutes(deps))
  api.route('/', reservationRoutes(deps))
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
    if (error instanceof HTTPException) {
      return c.json({ status: error.status, message: error.message || 'The request was refused.', code: 'http_error' }, error.status)
    }
    log.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ status: 500, message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, 500)
  })

  app.use('/_astro/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
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
