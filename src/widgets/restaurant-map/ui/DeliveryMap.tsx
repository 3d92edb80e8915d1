import type { Map as LeafletMap } from 'leaflet'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { MapContainer, Marker, Polyline, useMap } from 'react-leaflet'
import { courierMarkerHtml, homeMarkerHtml, restaurantMarkerHtml } from '../lib/markers'
import { labelMap, markerClasses, markerIcon, SizeWatcher } from './map-setup'
import { MapTiles } from './MapTiles'
import css from './RestaurantMap.module.css'

type Point = { lat: number; lng: number }

type DeliveryMapProps = {
  label: string
  restaurant: Point & { name: string; colour?: string | null; textColour?: string | null }
  destination: Point
  /** Null until the courier has the food. */
  courier: Point | null
  /** The courier's way as [lat, lng] points; a straight line when unknown. */
  route?: [number, number][]
  className?: string
}

/** A delivery on the map: the restaurant, the door and the courier moving between them. */
export function DeliveryMap({ label, restaurant, destination, courier, route, className }: DeliveryMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null)
  const [tilesUnavailable, setTilesUnavailable] = useState(false)
  const markTilesUnavailable = useCallback(() => setTilesUnavailable(true), [])

  useEffect(() => {
    if (map) labelMap(map, label)
  }, [map, label])

  const restaurantIcon = useMemo(
    () => markerIcon(restaurantMarkerHtml({ name: `${restaurant.name} (pickup)`, colour: restaurant.colour, textColour: restaurant.textColour }, markerClasses), [32, 40], [16, 40]),
    [restaurant.name, restaurant.colour, restaurant.textColour],
  )
  const homeIcon = useMemo(() => markerIcon(homeMarkerHtml('Delivery address', markerClasses), [32, 40], [16, 40]), [])
  const courierIcon = useMemo(() => markerIcon(courierMarkerHtml('Courier', markerClasses), [22, 22], [11, 11]), [])

  return (
    <div
      className={[css.frame, className].filter(Boolean).join(' ')}
      data-courier-lat={courier?.lat}
      data-courier-lng={courier?.lng}
    >
      <MapContainer ref={setMap} className={css.map} center={[restaurant.lat, restaurant.lng]} zoom={14} worldCopyJump>
        <SizeWatcher />
        <MapTiles onUnavailable={markTilesUnavailable} />
        <FitBoth a={restaurant} b={destination} />
        <Polyline
          positions={route?.length ? route : [[restaurant.lat, restaurant.lng], [destination.lat, destination.lng]]}
          pathOptions={{ color: '#4b5563', weight: 3, dashArray: '4 6' }}
        />
        <Marker position={[restaurant.lat, restaurant.lng]} icon={restaurantIcon} keyboard={false} title={restaurant.name} />
        <Marker position={[destination.lat, destination.lng]} icon={homeIcon} keyboard={false} title="Delivery address" />
        {courier && <Marker position={[courier.lat, courier.lng]} icon={courierIcon} keyboard={false} title="Courier" zIndexOffset={500} />}
      </MapContainer>
      {tilesUnavailable && <p className={css.note}>The map images could not be loaded; the restaurant, your door and the courier still show.</p>}
    </div>
  )
}

/** Frames the restaurant and the door once, when they are known. */
function FitBoth({ a, b }: { a: Point; b: Point }) {
  const map = useMap()
  useEffect(() => {
    map.fitBounds(
      [
        [a.lat, a.lng],
        [b.lat, b.lng],
      ],
      { padding: [40, 40], maxZoom: 16 },
    )
  }, [map, a.lat, a.lng, b.lat, b.lng])
  return null
}
