import type { Marker as LeafletMarker, Map as LeafletMap } from 'leaflet'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { MapContainer, Marker, useMap } from 'react-leaflet'
import type { LatLng } from '@/entities/location'
import { frameAround } from '../lib/frame'
import { dinerMarkerHtml, restaurantMarkerHtml } from '../lib/markers'
import { labelMap, markerClasses, markerIcon, SizeWatcher } from './map-setup'
import { MapTiles } from './MapTiles'
import css from './RestaurantMap.module.css'

export type MapMarker = {
  id: string
  name: string
  lat: number
  lng: number
  /** Shown in the pin, to match a numbered list beside the map. */
  number?: number
  colour?: string | null
  textColour?: string | null
}

type RestaurantMapProps = {
  /** The accessible name of the map. */
  label: string
  /** The diner's point: the map centres on it. */
  center: LatLng
  /** Name of the diner's marker; without it no diner marker is drawn. */
  centerLabel?: string
  markers?: MapMarker[]
  selectedId?: string | null
  onSelect?: (id: string) => void
  /** Zoom when there is nothing to frame but the centre. */
  zoom?: number
  className?: string
}

const NO_MARKERS: MapMarker[] = []

/** A map of restaurants around a point; markers show even when the map images do not. */
export function RestaurantMap({
  label,
  center,
  centerLabel,
  markers = NO_MARKERS,
  selectedId = null,
  onSelect,
  zoom = 14,
  className,
}: RestaurantMapProps) {
  const [map, setMap] = useState<LeafletMap | null>(null)
  const [tilesUnavailable, setTilesUnavailable] = useState(false)
  const markTilesUnavailable = useCallback(() => setTilesUnavailable(true), [])

  useEffect(() => {
    if (map) labelMap(map, label)
  }, [map, label])

  const dinerIcon = useMemo(
    () => (centerLabel ? markerIcon(dinerMarkerHtml(centerLabel, markerClasses), [22, 22], [11, 11]) : null),
    [centerLabel],
  )

  return (
    <div className={[css.frame, className].filter(Boolean).join(' ')}>
      <MapContainer ref={setMap} className={css.map} center={[center.lat, center.lng]} zoom={zoom} scrollWheelZoom={false} worldCopyJump>
        <SizeWatcher />
        <MapTiles onUnavailable={markTilesUnavailable} />
        <FrameView center={center} markers={markers} zoom={zoom} />
        {dinerIcon && <Marker position={[center.lat, center.lng]} icon={dinerIcon} keyboard={false} title={centerLabel} zIndexOffset={-100} />}
        {markers.map((marker) => (
          <RestaurantMarker key={marker.id} marker={marker} selected={marker.id === selectedId} onSelect={onSelect} />
        ))}
        <KeepSelectionInView marker={markers.find((marker) => marker.id === selectedId)} />
      </MapContainer>
      {tilesUnavailable && (
        <p className={css.note}>The map images could not be loaded; the markers still show where everything is.</p>
      )}
    </div>
  )
}

function FrameView({ center, markers, zoom }: { center: LatLng; markers: MapMarker[]; zoom: number }) {
  const map = useMap()
  const markerKey = markers.map((marker) => `${marker.id}:${marker.lat},${marker.lng}`).join('|')
  // Re-frame only when the centre or the set of markers changes, not on every render.
  useEffect(() => {
    const frame = frameAround(center, markers)
    if (frame.kind === 'point') map.setView([center.lat, center.lng], zoom)
    else {
      map.fitBounds(
        [
          [frame.southWest.lat, frame.southWest.lng],
          [frame.northEast.lat, frame.northEast.lng],
        ],
        { padding: [36, 36], maxZoom: 15 },
      )
    }
  }, [map, center.lat, center.lng, markerKey, zoom])
  return null
}

function KeepSelectionInView({ marker }: { marker: MapMarker | undefined }) {
  const map = useMap()
  useEffect(() => {
    if (!marker) return
    const position: [number, number] = [marker.lat, marker.lng]
    if (!map.getBounds().pad(-0.1).contains(position)) map.setView(position, Math.max(map.getZoom(), 13))
  }, [map, marker])
  return null
}

function RestaurantMarker({ marker, selected, onSelect }: { marker: MapMarker; selected: boolean; onSelect?: (id: string) => void }) {
  const ref = useRef<LeafletMarker>(null)
  const select = useRef(onSelect)
  useEffect(() => {
    select.current = onSelect
  })

  const icon = useMemo(
    () =>
      markerIcon(
        restaurantMarkerHtml(
          { name: marker.name, number: marker.number, colour: marker.colour, textColour: marker.textColour },
          markerClasses,
        ),
        [32, 40],
        [16, 40],
      ),
    [marker.name, marker.number, marker.colour, marker.textColour],
  )

  // The selected look is a class on the marker's element, so the element (and its focus) survives a selection.
  useEffect(() => {
    const element = ref.current?.getElement()
    element?.classList.toggle(css.selected!, selected)
    if (selected) element?.setAttribute('aria-current', 'true')
    else element?.removeAttribute('aria-current')
    ref.current?.setZIndexOffset(selected ? 1000 : 0)
  }, [selected, icon])

  // Leaflet gives a keyboard marker role="button" but no key handling of its own.
  useEffect(() => {
    const element = ref.current?.getElement()
    if (!element || !onSelect) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return
      event.preventDefault()
      select.current?.(marker.id)
    }
    element.addEventListener('keydown', onKey)
    return () => element.removeEventListener('keydown', onKey)
  }, [icon, marker.id, onSelect])

  const eventHandlers = useMemo(() => ({ click: () => select.current?.(marker.id) }), [marker.id])

  return (
    <Marker
      ref={ref}
      position={[marker.lat, marker.lng]}
      icon={icon}
      title={marker.name}
      keyboard={Boolean(onSelect)}
      interactive={Boolean(onSelect)}
      riseOnHover
      eventHandlers={eventHandlers}
    />
  )
}
