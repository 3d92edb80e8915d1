import { call } from '@/shared/api'

let pending: Promise<string | null> | undefined

const isTileTemplate = (url: unknown): url is string =>
  typeof url === 'string' && url.includes('{z}') && url.includes('{x}') && url.includes('{y}')

/** The tile URL template of `GET /config`, asked once per page load; null when there is none to use. */
export function loadTileUrl(): Promise<string | null> {
  pending ??= call('GET /config', {})
    .then((config) => (isTileTemplate(config.tileUrl) ? config.tileUrl : null))
    .catch((error: unknown) => {
      pending = undefined
      console.error('The map tile settings could not be loaded', error)
      return null
    })
  return pending
}
