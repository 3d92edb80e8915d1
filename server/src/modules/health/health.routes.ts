import { Hono } from 'hono'
import type { AppDeps } from '../../app'

export function healthRoutes({ ping, kind }: AppDeps) {
  return new Hono().get('/health', async (c) => {
    const database = await ping()
    return c.json({ status: database ? 'ok' : 'unavailable', database: kind }, database ? 200 : 503)
  })
}
