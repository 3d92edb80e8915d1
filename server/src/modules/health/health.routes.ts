import type { AppDeps } from '../../deps'
import { endpointRouter, reply } from '../../lib/endpoint'

/** Readiness probes, mounted from the endpoint map (src/shared/api/contracts/health.ts). */
export function healthRoutes(deps: AppDeps) {
  const { ping, kind, site } = deps
  return endpointRouter(deps)
    .mount('GET /health', async () => {
      const database = await ping()
      const { withData, building, builtAt, lastError } = site.state()
      return reply({ status: database ? 'ok' : 'unavailable', database: kind, site: { withData, building, builtAt, lastError } }, database ? 200 : 503)
    })
    .mount('GET /health/site', () => {
      const { withData, building } = site.state()
      return withData && !building ? { status: 'ready' } : reply({ status: building ? 'building' : 'shell-only' }, 503)
    }).router
}
