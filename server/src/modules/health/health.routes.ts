import { Hono } from 'hono'
import type { AppDeps } from '../../deps'

export function healthRoutes({ ping, kind, site }: AppDeps) {
  return new Hono()
    .get('/health', async (c) => {
      const database = await ping()
      const { withData, building, builtAt, lastError } = site.state()
      return c.json(
        { status: database ? 'ok' : 'unavailable', database: kind, site: { withData, building, builtAt, lastError } },
        database ? 200 : 503,
      )
    })
    .get('/health/site', (c) => {
      const { withData, building } = site.state()
      return withData && !building ? c.json({ status: 'ready' }) : c.json({ status: building ? 'building' : 'shell-only' }, 503)
    })
}
