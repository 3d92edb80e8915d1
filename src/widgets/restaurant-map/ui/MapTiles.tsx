import { useEffect, useState } from 'react'
import { TileLayer } from 'react-leaflet'
import { loadTileUrl } from '../api/tile-url'

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

/** The background map images from the configured tile server; reports when they cannot load. */
export function MapTiles({ onUnavailable }: { onUnavailable: () => void }) {
  const [tileUrl, setTileUrl] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    loadTileUrl().then((url) => {
      if (!live) return
      if (url) setTileUrl(url)
      else onUnavailable()
    })
    return () => {
      live = false
    }
  }, [onUnavailable])

  if (!tileUrl) return null
  return (
    <TileLayer
      url={tileUrl}
      maxZoom={19}
      attribution={tileUrl.includes('openstreetmap') ? OSM_ATTRIBUTION : undefined}
      eventHandlers={{ tileerror: onUnavailable }}
    />
  )
}
