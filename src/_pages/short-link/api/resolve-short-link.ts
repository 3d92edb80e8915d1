import { api, isErrorBody } from '@/shared/api'
import type { ShortLinkResponse } from '@/shared/api'

/** The target of a short link, or undefined when it cannot be resolved. */
export async function resolveShortLink(tinyUrl: string): Promise<string | undefined> {
  try {
    const result = await api.post<ShortLinkResponse>('/customer/getActualURL/v2', { tinyUrl })
    if (isErrorBody(result)) return undefined
    return result?.metaDataInfo?.responseMessage || undefined
  } catch {
    return undefined
  }
}
