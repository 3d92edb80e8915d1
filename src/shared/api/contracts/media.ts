import { z } from 'zod'
import { defineEndpoints } from './endpoint'
import { uuid } from './fields'

export const mediaParams = z.object({
  entityType: z.string().regex(/^[A-Z]{2,20}$/, 'must be a media type such as LOGO or ITEM'),
  id: uuid('a media id'),
})

/** The bytes of an image; its type is the Content-Type header. */
export const mediaFile = z.string().meta({ id: 'MediaFile', format: 'binary', description: 'The image itself; its type is the Content-Type header.' })

/** Images by type and id (docs/operations.md "Caching"): immutable, so cached for a year. */
export const mediaEndpoints = defineEndpoints({
  'GET /media/:entityType/:id': {
    auth: 'none',
    wire: 'binary',
    tag: 'media',
    summary: 'An image (a logo, a cover, a dish) by its type and id',
    description: '`public, max-age=31536000, immutable`, and a Content-Security-Policy that runs nothing inside the file.',
    params: mediaParams,
    response: mediaFile,
    errors: ['media_not_found'],
  },
})
