import { Hono } from 'hono'
import type { AppDeps } from '../../deps'

/** Run-time settings the browser needs and a static build cannot know (the tile server). */
export function configRoutes({ env }: AppDeps) {
  return new Hono().get('/config', (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json({ tileUrl: env.TILE_URL, siteUrl: env.SITE_URL, sandbox: env.SANDBOX })
  })
}
