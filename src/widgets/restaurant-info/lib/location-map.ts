export type MapPoint = { lat: number; lng: number; label: string; tileUrl: string }

const PIN = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 40" width="32" height="40" aria-hidden="true"><path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 40 16 40s16-12.5 16-24.3C32 7 24.8 0 16 0z" fill="var(--tf-primary, #E52333)"/><circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>`

/**
 * A Leaflet map with the restaurant's pin. Leaflet loads only when called, so pages pay for it
 * only when the map is shown; the pin is inline SVG and shows even when tiles cannot load.
 */
export async function mountLocationMap(element: HTMLElement, point: MapPoint): Promise<() => void> {
  const [{ default: L }] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
  const map = L.map(element, { scrollWheelZoom: false, attributionControl: true }).setView([point.lat, point.lng], 16)
  L.tileLayer(point.tileUrl, { maxZoom: 19, attribution: '&copy; OpenStreetMap contributors' }).addTo(map)
  L.marker([point.lat, point.lng], {
    title: point.label,
    alt: point.label,
    keyboard: true,
    icon: L.divIcon({ className: 'tf-map-pin', html: PIN, iconSize: [32, 40], iconAnchor: [16, 40] }),
  }).addTo(map)
  return () => map.remove()
}

/** Mounts every `[data-location-map]` element of a static page once it scrolls near the screen. */
export function mountLocationMapsWhenVisible(root: ParentNode = document): void {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-location-map]')]
  const mount = (element: HTMLElement) => {
    const { lat, lng, label, tileUrl } = element.dataset
    mountLocationMap(element, { lat: Number(lat), lng: Number(lng), label: label ?? '', tileUrl: tileUrl ?? '' }).catch((error) =>
      console.error('The map could not be shown', error),
    )
  }
  if (!('IntersectionObserver' in window)) return elements.forEach(mount)
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer.unobserve(entry.target)
        mount(entry.target as HTMLElement)
      }
    },
    { rootMargin: '200px' },
  )
  elements.forEach((element) => observer.observe(element))
}
