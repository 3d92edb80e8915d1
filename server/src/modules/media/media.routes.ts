import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../../deps'
import { media } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { validate } from '../../lib/wire'

const mediaParams = z.object({
  entityType: z.string().regex(/^[A-Z]{2,20}$/, 'must be a media type such as LOGO or ITEM'),
  id: z.uuid('must be a media id'),
})

/** Media by type and id (docs/operations.md "Caching"): immutable, so cached for a year. */
export function mediaRoutes({ db }: AppDeps) {
  return new Hono().get('/media/:entityType/:id', async (c) => {
    const { entityType, id } = validate(mediaParams, c.req.param())
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
  })
}
