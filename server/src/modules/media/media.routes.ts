import { and, eq } from 'drizzle-orm'
import type { AppDeps } from '../../deps'
import { media } from '../../db/schema'
import { endpointRouter } from '../../lib/endpoint'
import { ApiError } from '../../lib/errors'

/** Media by type and id (docs/operations.md "Caching"): immutable, so cached for a year; from the endpoint map (src/shared/api/contracts/media.ts). */
export function mediaRoutes(deps: AppDeps) {
  const { db } = deps
  return endpointRouter(deps).mount('GET /media/:entityType/:id', async (c, { params: { entityType, id } }) => {
    const [file] = await db
      .select({ body: media.body, mimeType: media.mimeType })
      .from(media)
      .where(and(eq(media.id, id), eq(media.entityType, entityType)))
    if (!file) throw new ApiError(404, 'media_not_found', 'This image does not exist.')
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.mimeType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
  }).router
}
