/** Small, self-contained SVG illustrations for the demo seed (no network, no files). */

export type DishArt = 'plate' | 'bowl' | 'cup' | 'glass' | 'cocktail' | 'taco' | 'burger'

/** What a dish looks like: the seed's art for its section, refined by the words of the dish. */
export type DishKind =
  | DishArt
  | 'pizza'
  | 'pasta'
  | 'noodles'
  | 'sushi'
  | 'nigiri'
  | 'dosa'
  | 'idli'
  | 'curry'
  | 'rice'
  | 'flatbread'
  | 'salad'
  | 'cake'
  | 'icecream'
  | 'fries'
  | 'sandwich'
  | 'wrap'
  | 'pastry'
  | 'pancakes'
  | 'skewer'
  | 'drumstick'
  | 'beer'
  | 'wine'

/** First match wins: specific dishes before the general words (docs/menu.md "Dish art"). */
const KIND_WORDS: [DishKind, RegExp][] = [
  ['pizza', /pizza|margherita|diavola|funghi e tartufo|prosciutto & arugula|california garden/i],
  ['nigiri', /nigiri|sashimi|moriawase/i],
  ['wrap', /burrito|kathi roll|wrap/i],
  ['sushi', /\broll\b|maki|chirashi/i],
  ['noodles', /ramen|udon|noodle/i],
  ['pasta', /pasta|spaghetti|rigatoni|tagliatelle|tagliolini|pappardelle|cacio|lasagna|ziti|mac & cheese/i],
  ['dosa', /dosa|uttapam|crêpe|crepe/i],
  ['idli', /idli|vada|bajji|gulab jamun|arancini/i],
  ['rice', /biryani|rice|pongal|bath\b|puliyogare|don\b|bento|thali|meals/i],
  ['flatbread', /naan|roti|paratha|kulcha|holige|quesadilla|toast/i],
  ['sandwich', /sandwich|reuben|club|melt|bagel|pav\b|bun\b/i],
  ['burger', /burger|slider/i],
  ['taco', /taco/i],
  ['fries', /fries|onion rings|nachos|chips/i],
  ['salad', /salad|caesar|slaw|edamame|buddha bowl/i],
  ['pancakes', /pancake|waffle/i],
  ['pastry', /croissant|scone|muffin|churro|doughnut|morning bun|cookie|brownie|banana bread/i],
  ['icecream', /ice cream|gelato|kulfi|affogato|sundae|shake\b|mochi/i],
  ['cake', /cake|tiramisu|pie\b|panna cotta|pot de|panettone|halwa|mysore pak|rasmalai|payasam|tres leches|kesari/i],
  ['skewer', /tikka|kebab|seekh|skewer|tandoori prawn/i],
  ['drumstick', /chicken(?! (sandwich|pesto|karaage))|karaage|wings/i],
  ['curry', /curry|masala|makhani|paneer|dal\b|chana|kofta|rogan|kadai|sambar|shakshuka|chaat|chili|soup/i],
  ['beer', /beer|lager|\bipa\b|draft|kingfisher|sapporo/i],
  ['wine', /wine|pinot|sancerre|rosé|montepulciano|sake\b(?! nigiri)|champagne/i],
]

/** The picture a dish gets: its own kind when its words say one, else its section's art. */
export function dishKind(name: string, fallback: DishArt): DishKind {
  if (fallback === 'cup' || fallback === 'cocktail') return fallback
  for (const [kind, words] of KIND_WORDS) if (words.test(name)) return kind
  return fallback
}

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

/** A 600×400 category banner: diagonal stripes in a colour from the name; the heading beside it says the name. */
export function categorySvg(name: string): string {
  const hue = hashString(name) % 360
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">',
    `<defs><pattern id="s" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="40" height="40" fill="${hsl(hue, 50, 42)}"/><rect width="18" height="40" fill="${hsl(hue + 15, 55, 48)}"/></pattern></defs>`,
    '<rect width="600" height="400" fill="url(#s)"/>',
    '</svg>',
  ].join('')
}

/** Colours that read as food: sauces, crusts, curries, greens. */
const FOOD_COLOURS = ['#C0392B', '#E67E22', '#F1C40F', '#D35400', '#8E5B3A', '#F3E2B3', '#6B8E23', '#A0522D', '#E8B04B', '#9B2335', '#F5DEB3', '#B5651D']
const DRINK_COLOURS = ['#6F4E37', '#C69C6D', '#3B2F2F', '#D2B48C', '#7BA05B', '#E8A87C', '#F4D03F', '#E74C3C', '#F39C12', '#AF7AC5']
const GARNISH_COLOURS = ['#2E8B57', '#6B8E23', '#C0392B', '#F5F5DC', '#228B22', '#8B0000']

const pickColour = (colours: string[], value: number) => colours[value % colours.length]!

/** A bowl from the side: its shadow, what is in it, then its front drawn over the contents. */
const inBowl = (contents: string, fill: string, stroke: string) =>
  '<ellipse cx="300" cy="282" rx="170" ry="22" fill="#000" fill-opacity="0.12"/>' +
  contents +
  `<path d="M150 178 Q160 290 300 290 Q440 290 450 178 Z" fill="${fill}" stroke="${stroke}" stroke-width="4"/>`

/** A wide white platter, for what lies flat (skewers, drumsticks). */
const PLATTER = '<ellipse cx="300" cy="225" rx="210" ry="60" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>'

/** The stem and foot of a stemmed glass (wine, cocktails). */
const STEM = '<path d="M300 200 V285 M255 290 H345" stroke="#FFFFFF" stroke-width="6"/>'

function dishShape(art: DishKind, hash: number): string {
  const isDrink = art === 'cup' || art === 'glass' || art === 'cocktail' || art === 'beer' || art === 'wine'
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
    case 'pizza':
      return (
        '<ellipse cx="300" cy="205" rx="175" ry="80" fill="#000" fill-opacity="0.1"/>' +
        '<ellipse cx="300" cy="195" rx="170" ry="78" fill="#D9953B"/>' +
        `<ellipse cx="300" cy="193" rx="148" ry="64" fill="${pickColour(['#C0392B', '#F3E2B3', '#D35400'], hash)}"/>` +
        [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${210 + ((hash >>> (i * 3)) % 180)}" cy="${160 + ((hash >>> (i * 5)) % 65)}" r="14" fill="${i % 2 ? garnish : '#F5F5DC'}"/>`).join('') +
        '<path d="M300 193 L470 193 M300 193 L190 135 M300 193 L200 250" stroke="#B5651D" stroke-width="3"/>'
      )
    case 'pasta':
    case 'noodles':
      return inBowl(
        `<ellipse cx="300" cy="175" rx="150" ry="44" fill="${art === 'noodles' ? '#C69C6D' : food}"/>` +
          [0, 1, 2, 3, 4].map((i) => `<path d="M${200 + i * 40} 160 q20 -25 40 0 t40 0" fill="none" stroke="#F4D58D" stroke-width="9" stroke-linecap="round"/>`).join('') +
          (art === 'noodles' ? '<ellipse cx="360" cy="165" rx="24" ry="16" fill="#FFFFFF"/><circle cx="360" cy="165" r="10" fill="#F1C40F"/>' : dots),
        '#FFFFFF',
        accent,
      )
    case 'sushi':
      return (
        '<rect x="110" y="240" width="380" height="30" rx="8" fill="#6B3B1F"/>' +
        [0, 1, 2].map((i) => `<circle cx="${190 + i * 110}" cy="190" r="48" fill="#1F2D1F"/><circle cx="${190 + i * 110}" cy="190" r="38" fill="#FFFFFF"/><circle cx="${190 + i * 110}" cy="190" r="16" fill="${i === 1 ? garnish : food}"/>`).join('')
      )
    case 'nigiri':
      return (
        '<rect x="110" y="250" width="380" height="26" rx="8" fill="#6B3B1F"/>' +
        [0, 1].map((i) => `<rect x="${150 + i * 160}" y="185" width="140" height="55" rx="26" fill="#FFFFFF"/><path d="M${145 + i * 160} 195 Q${220 + i * 160} 140 ${295 + i * 160} 195 Z" fill="${pickColour(['#E9967A', '#C0392B', '#F1C40F', '#FA8072'], (hash >>> (i * 7)) + i)}"/>`).join('')
      )
    case 'dosa':
      return (
        '<ellipse cx="300" cy="215" rx="230" ry="70" fill="#E0F0D8"/>' +
        '<path d="M95 200 Q300 120 505 200 Q300 250 95 200 Z" fill="#E8B04B" stroke="#B5651D" stroke-width="4"/>' +
        '<circle cx="170" cy="255" r="26" fill="#F5F5DC"/><circle cx="430" cy="255" r="26" fill="#C0392B"/>'
      )
    case 'idli':
      return (
        '<ellipse cx="300" cy="215" rx="200" ry="80" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>' +
        [0, 1, 2].map((i) => `<ellipse cx="${220 + i * 80}" cy="${200 - (i % 2) * 14}" rx="46" ry="30" fill="${art === 'idli' && hash % 2 ? '#F5F0E1' : '#D9953B'}" stroke="#CFC6B0" stroke-width="3"/>`).join('') +
        `<circle cx="430" cy="245" r="22" fill="${accent}"/>`
      )
    case 'curry':
      return inBowl(
        `<ellipse cx="300" cy="176" rx="150" ry="44" fill="${pickColour(['#D35400', '#C0392B', '#E67E22', '#8E5B3A', '#6B8E23'], hash)}"/>` +
          [0, 1, 2, 3, 4].map((i) => `<rect x="${220 + ((hash >>> (i * 3)) % 140)}" y="${160 + ((hash >>> (i * 4)) % 24)}" width="22" height="18" rx="4" fill="${i % 2 ? '#F5DEB3' : garnish}"/>`).join(''),
        '#B87333',
        '#8B5A2B',
      )
    case 'rice':
      return (
        '<ellipse cx="300" cy="225" rx="200" ry="70" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>' +
        `<path d="M170 225 Q300 80 430 225 Z" fill="${hash % 3 ? '#F3D27A' : '#F5F0E1'}"/>` +
        [0, 1, 2, 3, 4, 5].map((i) => `<ellipse cx="${230 + ((hash >>> (i * 3)) % 140)}" cy="${170 + ((hash >>> (i * 5)) % 45)}" rx="7" ry="4" fill="${i % 2 ? '#D35400' : garnish}"/>`).join('')
      )
    case 'flatbread':
      return (
        '<ellipse cx="300" cy="230" rx="200" ry="55" fill="#000" fill-opacity="0.1"/>' +
        '<path d="M120 210 Q130 130 300 125 Q470 130 480 210 Q470 265 300 270 Q130 265 120 210 Z" fill="#E8C07A" stroke="#C98E2B" stroke-width="4"/>' +
        [0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${180 + ((hash >>> (i * 3)) % 240)}" cy="${160 + ((hash >>> (i * 5)) % 80)}" r="${6 + (i % 3) * 3}" fill="#B5651D" fill-opacity="0.7"/>`).join('')
      )
    case 'wrap':
      return (
        '<ellipse cx="300" cy="270" rx="190" ry="20" fill="#000" fill-opacity="0.12"/>' +
        '<rect x="130" y="150" width="340" height="100" rx="50" fill="#F3E2B3" stroke="#D9B26F" stroke-width="4" transform="rotate(-8 300 200)"/>' +
        `<ellipse cx="455" cy="178" rx="30" ry="46" fill="${food}" transform="rotate(-8 300 200)"/><ellipse cx="455" cy="178" rx="14" ry="28" fill="${garnish}" transform="rotate(-8 300 200)"/>`
      )
    case 'sandwich':
      return (
        '<ellipse cx="300" cy="285" rx="170" ry="16" fill="#000" fill-opacity="0.12"/>' +
        '<path d="M150 250 L300 110 L450 250 Z" fill="#E8C07A" stroke="#B5651D" stroke-width="6"/>' +
        `<path d="M175 232 L300 130 L425 232" fill="none" stroke="${garnish}" stroke-width="12"/>` +
        `<path d="M195 240 L300 150 L405 240" fill="none" stroke="${food}" stroke-width="12"/>`
      )
    case 'fries':
      return (
        [0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${222 + i * 22}" y="${80 + (i % 3) * 18}" width="16" height="120" rx="4" fill="#F4C542" transform="rotate(${(i - 3) * 5} 300 200)"/>`).join('') +
        `<path d="M210 170 H390 L370 290 H230 Z" fill="${pickColour(['#C0392B', '#2E5D9F', '#E74C3C'], hash)}"/>`
      )
    case 'salad':
      return inBowl(
        [0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="${200 + i * 33}" cy="${165 + (i % 2) * 18}" rx="40" ry="22" fill="${pickColour(['#6B8E23', '#228B22', '#7BA05B', '#9ACD32'], i + hash)}" transform="rotate(${(i - 3) * 12} ${200 + i * 33} 170)"/>`).join('') +
          dots,
        '#FFFFFF',
        '#D9D2C5',
      )
    case 'cake':
      return (
        '<ellipse cx="300" cy="265" rx="190" ry="40" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>' +
        `<path d="M190 250 L410 250 L410 160 L190 200 Z" fill="${pickColour(['#F5DEB3', '#8B4513', '#F3E2B3', '#E8B04B'], hash)}"/>` +
        `<path d="M190 200 L410 160 L410 175 L190 215 Z" fill="${pickColour(['#FFFFFF', '#C0392B', '#6F4E37'], hash >>> 3)}"/>` +
        `<circle cx="360" cy="150" r="16" fill="${garnish}"/>`
      )
    case 'icecream':
      return (
        '<path d="M250 190 L300 320 L350 190 Z" fill="#E8B95A" stroke="#C98E2B" stroke-width="4"/>' +
        `<circle cx="300" cy="160" r="58" fill="${pickColour(['#F5F0E1', '#F8BBD0', '#8B4513', '#C5E1A5'], hash)}"/>` +
        `<circle cx="300" cy="100" r="14" fill="#C0392B"/>`
      )
    case 'pastry':
      return (
        '<ellipse cx="300" cy="260" rx="190" ry="36" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>' +
        '<path d="M160 230 Q180 140 300 130 Q420 140 440 230 Q300 260 160 230 Z" fill="#D9953B" stroke="#A86A1F" stroke-width="4"/>' +
        '<path d="M220 150 Q240 200 230 238 M300 132 V250 M380 150 Q360 200 370 238" fill="none" stroke="#A86A1F" stroke-width="4"/>'
      )
    case 'pancakes':
      return (
        '<ellipse cx="300" cy="270" rx="190" ry="34" fill="#FFFFFF" stroke="#D9D2C5" stroke-width="4"/>' +
        [0, 1, 2].map((i) => `<ellipse cx="300" cy="${240 - i * 30}" rx="140" ry="30" fill="#E8B04B" stroke="#B5651D" stroke-width="3"/>`).join('') +
        '<rect x="275" y="160" width="50" height="22" rx="6" fill="#FFF3B0"/><path d="M300 180 Q330 220 320 250" stroke="#8B4513" stroke-width="8" fill="none"/>'
      )
    case 'skewer':
      return (
        PLATTER +
        '<path d="M110 250 L490 150" stroke="#8B5A2B" stroke-width="6"/>' +
        [0, 1, 2, 3].map((i) => `<rect x="${170 + i * 75}" y="${205 - i * 20}" width="56" height="46" rx="12" fill="${i % 2 ? '#D35400' : food}" transform="rotate(-15 ${198 + i * 75} ${228 - i * 20})"/>`).join('') +
        `<ellipse cx="420" cy="245" rx="28" ry="10" fill="${garnish}"/>`
      )
    case 'drumstick':
      return (
        PLATTER +
        [0, 1].map((i) => `<ellipse cx="${250 + i * 110}" cy="${200 + i * 10}" rx="60" ry="40" fill="${pickColour(['#C0392B', '#D35400', '#B5651D'], hash + i)}"/><rect x="${295 + i * 110}" y="${195 + i * 10}" width="50" height="12" rx="6" fill="#F5F0E1"/>`).join('')
      )
    case 'beer':
      return (
        '<ellipse cx="300" cy="292" rx="90" ry="12" fill="#000" fill-opacity="0.15"/>' +
        '<rect x="230" y="110" width="130" height="180" rx="10" fill="#F4B942" stroke="#FFFFFF" stroke-width="5"/>' +
        '<path d="M360 150 Q410 150 410 200 Q410 250 360 250" fill="none" stroke="#FFFFFF" stroke-width="14"/>' +
        '<path d="M225 115 Q240 80 270 95 Q295 70 320 95 Q350 80 365 115 Z" fill="#FFFFFF"/>'
      )
    case 'wine':
      return (
        '<ellipse cx="300" cy="292" rx="70" ry="10" fill="#000" fill-opacity="0.15"/>' +
        `<path d="M245 80 H355 Q365 190 300 200 Q235 190 245 80 Z" fill="#FFFFFF" fill-opacity="0.6" stroke="#FFFFFF" stroke-width="4"/>` +
        `<path d="M243 130 H357 Q360 190 300 198 Q240 190 243 130 Z" fill="${pickColour(['#7B1E3A', '#F3E5AB', '#F4A7B9'], hash)}"/>` +
        STEM
      )
    case 'bowl':
      return inBowl(`<ellipse cx="300" cy="178" rx="150" ry="44" fill="${food}"/>` + dots, '#FFFFFF', accent)
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
        STEM +
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

/**
 * A 600×400 dish illustration: the dish's kind drawn (docs/menu.md "Dish art"), in colours from a
 * hash of its name, with no name printed on it (the card and the page say the name).
 */
export function itemSvg(name: string, art: DishArt): string {
  const hash = hashString(name)
  const background = hsl((hash >>> 5) % 360, 40, 90)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">',
    `<rect width="600" height="400" fill="${background}"/>`,
    `<g transform="translate(0 30)">${dishShape(dishKind(name, art), hash)}</g>`,
    '</svg>',
  ].join('')
}
