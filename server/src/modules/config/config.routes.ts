import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'

/** Run-time settings the browser needs and a static build cannot know (the tile server), from the endpoint map (src/shared/api/contracts/config.ts). */
export function configRoutes(deps: AppDeps) {
  const { env } = deps
  return endpointRouter(deps).mount('GET /config', (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return { tileUrl: env.TILE_URL, siteUrl: env.SITE_URL, sandbox: env.SANDBOX }
  }).router
}
