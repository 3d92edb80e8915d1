import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { Database, DatabaseHandle } from './db/client'
import type { Env } from './env'
import { ApiError } from './lib/errors'
import { configRoutes } from './modules/config/config.routes'
import { healthRoutes } from './modules/health/health.routes'
import { linkRoutes } from './modules/links/links.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { merchantRoutes } from './modules/merchants/merchants.routes'

export type Logger = Pick<Console, 'error' | 'info'>

export type AppDeps = {
  db: Database
  env: Env
  kind: DatabaseHandle['kind']
  ping: DatabaseHandle['ping']
  log: Logger
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
  app.use('*', async (c, next) => {
    await next()
    const forwardedProto = c.req.header('x-forwarded-proto')
    if (forwardedProto === 'https' || new URL(c.req.url).protocol === 'https:') {
      c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    }
  })

  const api = new Hono()
  api.route('/', healthRoutes(deps))
  api.route('/', merchantRoutes(deps))
  api.route('/', linkRoutes(deps))
  api.route('/', mediaRoutes(deps))
  api.route('/', configRoutes(deps))
  api.all('*', (c) =>
    c.json({ status: 404, message: `No API endpoint ${c.req.method} ${c.req.path}.`, code: 'no_such_endpoint' }, 404),
  )
  app.route(env.PUBLIC_API_BASE, api)

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status)
    if (error instanceof HTTPException) {
      return c.json({ status: error.status, message: error.message || 'The request was refused.', code: 'http_error' }, error.status)
    }
    log.error(`${c.req.method} ${c.req.path} failed:`, error)
    return c.json({ status: 500, message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }, 500)
  })

  const staticRoot = resolve(env.STATIC_DIR)
  app.use('/_astro/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', serveStatic({ root: staticRoot }))
  app.get('*', (c) => {
    const shellFile = join(staticRoot, SHELL_PATH)
    if (!existsSync(shellFile)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503)
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(readFileSync(shellFile, 'utf8'))
  })
  return app
}
