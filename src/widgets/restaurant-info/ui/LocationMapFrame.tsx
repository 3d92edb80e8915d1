import { useEffect, useRef } from 'react'
import { mountLocationMap, type MapPoint } from '../lib/location-map'

/**
 * The map's frame. In the app it mounts Leaflet itself; on a static page (rendered without
 * effects) the page's script mounts it from the data attributes.
 */
export function LocationMapFrame(point: MapPoint) {
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!frame.current || !point.tileUrl) return
    let unmount: (() => void) | undefined
    let cancelled = false
    mountLocationMap(frame.current, point)
      .then((cleanup) => (cancelled ? cleanup() : (unmount = cleanup)))
      .catch((error) => console.error('The map could not be shown', error))
    return () => {
      cancelled = true
      unmount?.()
    }
  }, [point.lat, point.lng, point.tileUrl, point.label])
  return (
    <div
      ref={frame}
      className="tf-location-map"
      role="region"
      aria-label={`Map of ${point.label}`}
      data-location-map=""
      data-lat={point.lat}
      data-lng={point.lng}
      data-label={point.label}
      data-tile-url={point.tileUrl}
    />
  )
}
