/** Small, self-contained SVG illustrations for the demo seed (no network, no files). */

export type DishArt = 'plate' | 'bowl' | 'cup' | 'glass' | 'cocktail' | 'taco' | 'burger'

const encoder = new TextEncoder()

export function svgBytes(svg: string): Uint8Array {
  return encoder.encode(svg)
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** FNV-1a, 32 bit: a stable number per name, so a dish always gets the same colours. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue) % 360},${saturation}%,${lightness}%)`

/** Shrinks the font for long labels so they stay inside the picture. */
function fontSizeFor(text: string, width: number, base: number): number {
  const fits = Math.floor((width * 0.9) / (text.length * 0.56))
  return Math.max(14, Math.min(base, fits))
}

function label(text: string, x: number, y: number, size: number, fill: string, weight = 700): string {
  return `<text x="${x}" y="${y}" font-family="Helvetica,Arial,sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(text)}</text>`
}

export function initialsOf(name: string): string {
  const words = name
    .replace(/^the\s+/i, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const letters = words.slice(0, 2).map((word) => word[0]!.toUpperCase())
  return letters.join('') || '?'
}

/** A brand mark: a rounded square in the brand colour with the initials in the text colour. */
export function logoSvg(name: string, primaryColor: string, textColor: string): string {
  const initials = initialsOf(name)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
    `<rect x="8" y="8" width="240" height="240" rx="56" fill="${primaryColor}"/>`,
    `<circle cx="128" cy="128" r="92" fill="none" stroke="${textColor}" stroke-opacity="0.35" stroke-width="6"/>`,
    label(initials, 128, 152, initials.length > 1 ? 72 : 92, textColor, 800),
    `<title>${escapeXml(name)}</title>`,
    '</svg>',
  ].join('')
}

/** The dishes a cover shows for a restaurant's cuisines: the first cuisine that names a kind decides. */
const COVER_ART: [RegExp, DishArt[]][] = [
  [/pizza|italian/i, ['plate', 'glass', 'plate', 'bowl']],
  [/burger|diner|american/i, ['burger', 'glass', 'burger', 'plate']],
  [/taco|mexican/i, ['taco', 'glass', 'taco', 'bowl']],
  [/sushi|japanese/i, ['bowl', 'cup', 'plate', 'bowl']],
  [/cocktail|bar/i, ['cocktail', 'glass', 'cocktail', 'plate']],
  [/coffee|caf|bakery/i, ['cup', 'plate', 'cup', 'glass']],
  [/indian|biryani|mughlai|udupi/i, ['bowl', 'plate', 'bowl', 'cup']],
]

/**
 * A 1200×600 cover without words (the card prints the name): a table in the brand colour (or a
 * colour from the key) set with the dishes of the restaurant's cuisine, laid out and coloured from
 * a hash of the key, so branches of one brand differ too (docs/discovery.md).
 */
export function coverSvg(key: string, cuisines: string[], primaryColor: string | null): string {
  const hash = hashString(key)
  const hue = hash % 360
  const from = primaryColor ?? hsl(hue, 45, 32)
  const to = hsl(hue + 40, 55, 22)
  const arts = COVER_ART.find(([pattern]) => cuisines.some((cuisine) => pattern.test(cuisine)))?.[1] ?? ['plate', 'bowl', 'cup', 'plate']
  // Four places along the table, shifted and sized per restaurant.
  const dishes = arts
    .map((art, i) => {
      const spot = hashString(`${key}:${i}`)
      const scale = 0.62 + (spot % 25) / 100
      const x = -60 + i * 300 + ((spot >>> 5) % 80) - 40
      const y = 150 + ((spot >>> 11) % 140) - 70 + (i % 2) * 60
      return `<g transform="translate(${x} ${y}) scale(${scale.toFixed(2)})">${dishShape(art, spot)}</g>`
    })
    .join('')
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="600" viewBox="0 0 1200 600">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="1200" height="600" fill="url(#g)"/>',
    `<rect y="${300 + (hash % 60)}" width="1200" height="600" fill="#000000" fill-opacity="0.12"/>`,
    dishes,
    '</svg>',
  ].join('')
}

/** A 600×400 category banner: diagonal stripes in a colour from the name. */
export function categorySvg(name: string): string {
  const hue = hashString(name) % 360
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">',
    `<defs><pattern id="s" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="40" height="40" fill="${hsl(hue, 50, 42)}"/><rect width="18" height="40" fill="${hsl(hue + 15, 55, 48)}"/></pattern></defs>`,
    '<rect width="600" height="400" fill="url(#s)"/>',
    '<rect x="60" y="140" width="480" height="120" rx="18" fill="#FFFFFF" fill-opacity="0.9"/>',
    label(name, 300, 215, fontSizeFor(name, 440, 44), hsl(hue, 45, 22), 800),
    '</svg>',
  ].join('')
}

/** Colours that read as food: sauces, crusts, curries, greens. */
const FOOD_COLOURS = ['#C0392B', '#E67E22', '#F1C40F', '#D35400', '#8E5B3A', '#F3E2B3', '#6B8E23', '#A0522D', '#E8B04B', '#9B2335', '#F5DEB3', '#B5651D']
const DRINK_COLOURS = ['#6F4E37', '#C69C6D', '#3B2F2F', '#D2B48C', '#7BA05B', '#E8A87C', '#F4D03F', '#E74C3C', '#F39C12', '#AF7AC5']
const GARNISH_COLOURS = ['#2E8B57', '#6B8E23', '#C0392B', '#F5F5DC', '#228B22', '#8B0000']

const pickColour = (colours: string[], value: number) => colours[value % colours.length]!

function dishShape(art: DishArt, hash: number): string {
  const isDrink = art === 'cup' || art === 'glass' || art === 'cocktail'
  const food = pickColour(isDrink ? DRINK_COLOURS : FOOD_COLOURS, hash)
  const accent = pickColour(FOOD_COLOURS, hash >>> 9)
  const garnish = pickColour(GARNISH_COLOURS, hash >>> 17)
  const dots = [0, 1, 2, 3]
    .map((i) => {
      const angle = (((hash >>> (i * 4)) % 360) * Math.PI) / 180
      const x = Math.round(300 + Math.cos(angle) * 55)
      const y = Math.round(178 + Math.sin(angle) * 28)
      return `<circle cx="${x}" cy="${y}" r="${9 + i * 2}" fill="${i % 2 ? garnish : accent}"/>`
    })
    .join('')
  switch (art) {
    case 'bowl':
      return (
        '<ellipse cx="300" cy="282" rx="170" ry="22" fill="#000" fill-opacity="0.12"/>' +
        `<ellipse cx="300" cy="178" rx="150" ry="44" fill="${food}"/>` +
        dots +
        `<path d="M150 178 Q160 290 300 290 Q440 290 450 178 Z" fill="#FFFFFF" stroke="${accent}" stroke-width="4"/>`
      )
    case 'cup':
      return (
        '<ellipse cx="300" cy="282" rx="150" ry="26" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="3"/>' +
        `<path d="M215 140 H385 L370 270 Q300 290 230 270 Z" fill="#FFFFFF" stroke="${accent}" stroke-width="4"/>` +
        `<path d="M385 165 Q440 170 425 215 Q412 245 375 240" fill="none" stroke="${accent}" stroke-width="10"/>` +
        `<ellipse cx="300" cy="142" rx="85" ry="16" fill="${food}"/>` +
        '<path d="M270 110 Q285 90 270 70 M310 110 Q325 90 310 70" fill="none" stroke="#B9B0A3" stroke-width="4"/>'
      )
    case 'glass':
      return (
        '<ellipse cx="300" cy="290" rx="90" ry="12" fill="#000" fill-opacity="0.15"/>' +
        `<path d="M230 90 L245 285 H355 L370 90 Z" fill="#FFFFFF" fill-opacity="0.6" stroke="#FFFFFF" stroke-width="4"/>` +
        `<path d="M236 140 L245 282 H355 L364 140 Z" fill="${food}" fill-opacity="0.9"/>` +
        `<rect x="320" y="60" width="8" height="120" rx="4" fill="${accent}" transform="rotate(15 324 120)"/>` +
        `<circle cx="362" cy="96" r="18" fill="${garnish}"/>`
      )
    case 'cocktail':
      return (
        '<ellipse cx="300" cy="292" rx="70" ry="10" fill="#000" fill-opacity="0.15"/>' +
        `<path d="M200 90 H400 L300 200 Z" fill="${food}" fill-opacity="0.85" stroke="#FFFFFF" stroke-width="4"/>` +
        '<path d="M300 200 V285 M255 290 H345" stroke="#FFFFFF" stroke-width="6"/>' +
        `<circle cx="372" cy="92" r="20" fill="${garnish}"/>`
      )
    case 'taco':
      return (
        '<ellipse cx="300" cy="282" rx="180" ry="22" fill="#000" fill-opacity="0.12"/>' +
        `<path d="M150 250 Q150 110 300 110 Q450 110 450 250 Z" fill="#E8B95A" stroke="#C98E2B" stroke-width="4"/>` +
        `<path d="M175 240 Q185 150 300 140 Q415 150 425 240" fill="none" stroke="${garnish}" stroke-width="18"/>` +
        `<path d="M200 235 Q210 175 300 168 Q390 175 400 235" fill="none" stroke="${food}" stroke-width="14"/>`
      )
    case 'burger':
      return (
        '<ellipse cx="300" cy="292" rx="170" ry="18" fill="#000" fill-opacity="0.12"/>' +
        '<path d="M170 170 Q170 90 300 90 Q430 90 430 170 Z" fill="#D9953B"/>' +
        `<rect x="160" y="172" width="280" height="16" rx="8" fill="${garnish}"/>` +
        `<rect x="168" y="190" width="264" height="14" rx="7" fill="${food}"/>` +
        '<rect x="165" y="206" width="270" height="30" rx="14" fill="#6B3B1F"/>' +
        '<path d="M170 240 H430 Q430 275 300 275 Q170 275 170 240 Z" fill="#D9953B"/>'
      )
    case 'plate':
    default:
      return (
        '<ellipse cx="300" cy="200" rx="200" ry="92" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>' +
        '<ellipse cx="300" cy="200" rx="150" ry="66" fill="none" stroke="#EEE8DD" stroke-width="3"/>' +
        `<ellipse cx="300" cy="192" rx="105" ry="46" fill="${food}"/>` +
        dots
      )
  }
}

/** A 600×400 dish illustration whose colours come from a hash of the dish name. */
export function itemSvg(name: string, art: DishArt): string {
  const hash = hashString(name)
  const background = hsl((hash >>> 5) % 360, 40, 90)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">',
    `<rect width="600" height="400" fill="${background}"/>`,
    dishShape(art, hash),
    '<rect x="0" y="318" width="600" height="82" fill="#000000" fill-opacity="0.55"/>',
    label(name, 300, 370, fontSizeFor(name, 560, 34), '#FFFFFF', 700),
    '</svg>',
  ].join('')
}
