import { z } from 'zod'
import { defineEndpoints } from './endpoint'

const siteState = z.strictObject({
  withData: z.boolean().meta({ description: 'The static pages have been built from the data at least once.' }),
  building: z.boolean(),
  builtAt: z.string().nullable(),
  lastError: z.string().nullable(),
})

export const healthResponse = z
  .strictObject({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
    site: siteState,
  })
  .meta({ id: 'HealthResponse' })

export const siteHealthResponse = z.strictObject({ status: z.enum(['ready', 'building', 'shell-only']) }).meta({ id: 'SiteHealthResponse' })

export type HealthResponse = z.output<typeof healthResponse>
export type SiteHealthResponse = z.output<typeof siteHealthResponse>

/** Readiness probes (docs/operations.md, "When the database is down"). */
export const healthEndpoints = defineEndpoints({
  'GET /health': {
    auth: 'none',
    wire: 'json',
    tag: 'health',
    summary: 'Readiness: 200 while the database answers, 503 (status unavailable) while it does not',
    response: healthResponse,
    statuses: [200, 503],
    errors: [],
  },
  'GET /health/site': {
    auth: 'none',
    wire: 'json',
    tag: 'health',
    summary: 'Whether the static pages are built from the data: 200 ready, 503 building or shell-only',
    response: siteHealthResponse,
    statuses: [200, 503],
    errors: [],
  },
})
