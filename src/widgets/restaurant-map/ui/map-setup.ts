import 'leaflet/dist/leaflet.css'
import { divIcon, type Map as LeafletMap } from 'leaflet'
import { useEffect } from 'react'
import { useMap } from 'react-leaflet'
import css from './RestaurantMap.module.css'

export const markerClasses = { pin: css.pin!, badge: css.badge!, dot: css.dot! }

export const markerIcon = (html: string, size: [number, number], anchor: [number, number]) =>
  divIcon({ className: css.marker, html, iconSize: size, iconAnchor: anchor })

/** Names the map for assistive technology: Leaflet's container is focusable but has no role or name. */
export function labelMap(map: LeafletMap, label: string) {
  const container = map.getContainer()
  container.setAttribute('role', 'region')
  container.setAttribute('aria-roledescription', 'map')
  container.setAttribute('aria-label', label)
}

/** Keeps Leaflet's idea of the map size in step with its box, which CSS changes at breakpoints. */
export function SizeWatcher() {
  const map = useMap()
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize())
    observer.observe(map.getContainer())
    return () => observer.disconnect()
  }, [map])
  return null
}
