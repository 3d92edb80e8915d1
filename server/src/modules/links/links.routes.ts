import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { shortLinkRequest, type ShortLinkResponse } from '@/shared/api/contracts/merchants'
import type { AppDeps } from '../../deps'
import { shortLinks } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import { readJson } from '../../lib/wire'

/** Short links (docs/routes.md "Rules"): the target is an in-app path. */
export function linkRoutes({ db }: AppDeps) {
  return new Hono().post('/customer/getActualURL/v2', async (c) => {
    const { tinyUrl } = await readJson(c, shortLinkRequest)
    const [link] = await db.select().from(shortLinks).where(eq(shortLinks.id, tinyUrl))
    if (!link) throw new ApiError(404, 'link_not_found', 'This link does not exist.')
    if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) {
      throw new ApiError(410, 'link_expired', 'This link has expired.')
    }
    const body: ShortLinkResponse = { metaDataInfo: { responseMessage: link.target } }
    return c.json(body)
  })
}
