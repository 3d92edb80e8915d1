export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/** A colour safe to put in a style attribute, or the fallback. */
export const safeColour = (colour: string | null | undefined, fallback: string) =>
  colour && HEX_COLOUR.test(colour) ? colour : fallback

const PIN_PATH = 'M16 1C7.7 1 1 7.6 1 15.8 1 27 16 39 16 39s15-12 15-23.2C31 7.6 24.3 1 16 1z'

export type MarkerClasses = { pin: string; badge: string; dot: string }

/** A numbered restaurant pin in the restaurant's colours, with its name for screen readers. */
export function restaurantMarkerHtml(
  marker: { name: string; number?: number; colour?: string | null; textColour?: string | null },
  classes: MarkerClasses,
): string {
  const fill = safeColour(marker.colour, '#E52333')
  const text = safeColour(marker.textColour, '#FFFFFF')
  const number = marker.number === undefined ? '' : String(marker.number)
  const spoken = number ? `${number}. ${marker.name}` : marker.name
  return (
    `<span class="${classes.pin}" style="--pin-fill:${fill};--pin-text:${text}">` +
    `<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true" focusable="false"><path d="${PIN_PATH}" stroke="#fff" stroke-width="2"/></svg>` +
    `<span class="${classes.badge}" aria-hidden="true">${escapeHtml(number)}</span>` +
    `</span><span class="visually-hidden">${escapeHtml(spoken)}</span>`
  )
}

/** The diner's point: a blue dot, named for screen readers. */
export function dinerMarkerHtml(label: string, classes: MarkerClasses): string {
  return `<span class="${classes.dot}" aria-hidden="true"></span><span class="visually-hidden">${escapeHtml(label)}</span>`
}

/** The draggable pin of the location picker. */
export function pickerPinHtml(label: string, classes: MarkerClasses): string {
  return (
    `<span class="${classes.pin}" style="--pin-fill:#1A56DB;--pin-text:#FFFFFF">` +
    `<svg viewBox="0 0 32 40" width="40" height="50" aria-hidden="true" focusable="false"><path d="${PIN_PATH}" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>` +
    `</span><span class="visually-hidden">${escapeHtml(label)}</span>`
  )
}

/** The delivery's destination: a house in a pin, named for screen readers. */
export function homeMarkerHtml(label: string, classes: MarkerClasses): string {
  return (
    `<span class="${classes.pin}" style="--pin-fill:#0E7C3A;--pin-text:#FFFFFF">` +
    `<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true" focusable="false"><path d="${PIN_PATH}" stroke="#fff" stroke-width="2"/><path d="M9 17 16 10l7 7v6h-5v-4h-4v4H9z" fill="#fff"/></svg>` +
    `</span><span class="visually-hidden">${escapeHtml(label)}</span>`
  )
}

/** The courier: a round scooter badge, named for screen readers. */
export function courierMarkerHtml(label: string, classes: MarkerClasses): string {
  return (
    `<span class="${classes.dot}" style="background:#F59E0B" aria-hidden="true"></span>` +
    `<span class="visually-hidden">${escapeHtml(label)}</span>`
  )
}
