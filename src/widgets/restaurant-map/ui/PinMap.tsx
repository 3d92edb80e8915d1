import type { LeafletMouseEvent, Map as LeafletMap, Marker as LeafletMarker } from 'leaflet'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet'
import { roundCoordinate, type LatLng } from '@/entities/location'
import { pickerPinHtml } from '../lib/markers'
import { labelMap, markerClasses, markerIcon, SizeWatcher } from './map-setup'
import { MapTiles } from './MapTiles'
import css from './RestaurantMap.module.css'

type PinMapProps = {
  label: string
  /** The pin's accessible name. */
  pinLabel: string
  position: LatLng
  onMove: (position: LatLng) => void
  zoom?: number
  className?: string
}

const toPoint = (latlng: { lat: number; lng: number; wrap?: () => { lat: number; lng: number } }): LatLng => {
  const wrapped = latlng.wrap ? latlng.wrap() : latlng
  return { lat: roundCoordinate(wrapped.lat), lng: roundCoordinate(wrapped.lng) }
}

/** A map with one pin the diner drags, or moves by clicking the map. */
export function PinMap({ label, pinLabel, position, onMove, zoom = 14, className }: PinMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null)
  const [tilesUnavailable, setTilesUnavailable] = useState(false)
  const markTilesUnavailable = useCallback(() => setTilesUnavailable(true), [])
  const marker = useRef<LeafletMarker>(null)

  useEffect(() => {
    if (map) labelMap(map, label)
  }, [map, label])

  const icon = useMemo(() => markerIcon(pickerPinHtml(pinLabel, markerClasses), [40, 50], [20, 50]), [pinLabel])
  const eventHandlers = useMemo(
    () => ({
      dragend: () => {
        const latlng = marker.current?.getLatLng()
        if (latlng) onMove(toPoint(latlng))
      },
    }),
    [onMove],
  )

  return (
    <div className={[css.frame, className].filter(Boolean).join(' ')}>
      <MapContainer ref={setMap} className={css.map} center={[position.lat, position.lng]} zoom={zoom} worldCopyJump>
        <SizeWatcher />
        <MapTiles onUnavailable={markTilesUnavailable} />
        <MoveOnClick onMove={onMove} />
        <FollowPin position={position} zoom={zoom} />
        <Marker
          ref={marker}
          position={[position.lat, position.lng]}
          icon={icon}
          draggable
          keyboard={false}
          title={pinLabel}
          autoPan
          eventHandlers={eventHandlers}
        />
      </MapContainer>
      {tilesUnavailable && (
        <p className={css.note}>The map images could not be loaded; the pin still works.</p>
      )}
    </div>
  )
}

function MoveOnClick({ onMove }: { onMove: (position: LatLng) => void }) {
  useMapEvents({ click: (event: LeafletMouseEvent) => onMove(toPoint(event.latlng)) })
  return null
}

/** Brings the pin back into view when it moves off the visible map (buttons, typed coordinates, GPS). */
function FollowPin({ position, zoom }: { position: LatLng; zoom: number }) {
  const map = useMap()
  useEffect(() => {
    const target: [number, number] = [position.lat, position.lng]
    if (!map.getBounds().pad(-0.15).contains(target)) map.setView(target, Math.max(map.getZoom(), zoom))
  }, [map, position.lat, position.lng, zoom])
  return null
}
