import { call } from '@/shared/api'

/** The target of a short link, or undefined when it cannot be resolved. */
export async function resolveShortLink(tinyUrl: string): Promise<string | undefined> {
  try {
    const result = await call('POST /customer/getActualURL/v2', { body: { tinyUrl } })
    return result.metaDataInfo.responseMessage || undefined
  } catch {
    return undefined
  }
}
