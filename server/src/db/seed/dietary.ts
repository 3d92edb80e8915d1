import type { Allergen, DietaryMark } from '@/shared/api/contracts/merchants'
import type { ItemSeed } from './menu-types'

/**
 * The demo's allergens, read from the ingredient words of each dish's name and description (docs/menu.md "Allergens in the demo"). A real restaurant states them per dish; the demo
 * has 300 dishes whose descriptions already name what is in them, so the words are the source.
 */
const RULES: [Allergen, RegExp][] = [
  [
    'milk',
    /burrata|mozzarella|parmigiano|parmesan|pecorino|cheese|cheddar|swiss|fontina|ricotta|mascarpone|\bbutter(ed|milk)?\b|brown-butter|cream|crema|béchamel|gelato|ice cream|kulfi|\bmilk|milk\b|microfoam|fior di latte|queso|cotija|paneer|ghee|yoghurt|yogurt|\bcurd|\blassi|chaas|majjige|rabri|khoya|chhena|malai|payasam|latte|cappuccino|cortado|flat white|mocha|panna cotta|crème|custard|tres leches|kaapi|filter coffee|cold coffee|egg cream|\bshakes?\b|benne|pot de|queso|alfredo|mac &/,
  ],
  ['eggs', /\beggs?\b|aioli|\bmayo|brioche|tagliatelle|tagliolini|ladyfinger|pancake|waffle|omelette|meringue|custard|egg white|tamago|scone|cake|cookie|brownie|pie\b|churro|doughnut|banana bread|panettone|tempura|ramen/],
  ['fish', /salmon|tuna|anchov|rockfish|\bfish|basa|bluefin|hamachi|yellowtail|maguro|otoro|sashimi|\blox\b|unagi|\beel\b|dashi|tobiko|chirashi|bento/],
  ['shellfish', /calamari|squid|clams?\b|vongole|shrimp|prawn|camarón|scallop|hotate|crab|\buni\b|sea urchin|lobster/],
  ['tree-nuts', /pistachio|almond|walnut|cashew|pecan|hazelnut|frangipane|badam|pesto|\bnuts\b/],
  ['peanuts', /peanut|groundnut/],
  [
    'gluten',
    /bread|sourdough|\btoast\b|levain|croissant|\bbuns?\b|pasta|spaghetti|rigatoni|tagliatelle|tagliolini|tonnarelli|pappardelle|lasagna|ziti|penne|macaroni|noodle|udon|ramen|pizza|crust|crumb|flour tortilla|maida|wheat|naan|paratha|kulcha|\bpav|puris?\b|samosa|semolina|\brava\b|upma|vermicelli|semiya|falooda|bagel|(griddled|grilled) rye|brioche|waffle|pancake|scone|cookie|cake|brownie|pie\b|churro|doughnut|cracker|focaccia|tempura|batter|lager|\bipa\b|barley|soy sauce|\btare\b|teriyaki|gyoza|dumpling|panettone|ladyfinger|fried chicken|buttermilk-fried|karaage|arancini|farro|kathi roll|sandwich|burger|slider|patty melt|reuben|club|gochujang|holige|masala bun|chapati|roti\b|khara bath|kesari bath/,
  ],
  ['soy', /\bsoy|tofu|miso|edamame|gochujang|teriyaki|\btare\b|\btamari\b|gyoza|karaage|ramen|nigiri|\broll\b|chirashi|\bdon\b/],
  ['sesame', /sesame|tahini|everything bagel/],
]

/** Phrases that look like an allergen's words but are not one, blanked before the rules read. */
const MISLEADING = ['oat milk', 'coconut milk', 'vegan mayo', 'eggless', 'egg cream', 'rice flour', 'rice-flour', 'besan batter']

/** Dishes whose words mislead the rules, corrected by hand. */
const CORRECTIONS: Record<string, { add?: Allergen[]; remove?: Allergen[] }> = {
  'Akki Roti': { remove: ['gluten'] },
  'Akki Roti & Chutney': { remove: ['gluten'] },
  'Eggless Chocolate Brownie': { remove: ['eggs'], add: ['milk'] },
  'Egg Cream': { remove: ['eggs'] },
  'Velvet Old Fashioned': { remove: ['milk'] },
  'Crispy Chicken Sandwich': { add: ['milk'] },
  'Beyond Burger': { remove: ['eggs', 'milk'] },
  'Mango Lassi': { add: ['milk'] },
  'Ragi Cookies': { remove: ['eggs'], add: ['milk'] },
  'Tamago Nigiri': { remove: ['fish'] },
  'Paneer Kathi Roll': { remove: ['soy'] },
  'Idli (2 pcs)': { remove: ['eggs', 'gluten'] },
  'Medu Vada (2 pcs)': { remove: ['eggs', 'gluten'] },
  'Onion Uttapam': { remove: ['eggs', 'gluten'] },
  'Empire Classic': { add: ['gluten'] },
  // Pizzas say their toppings, not their dough.
  Margherita: { add: ['gluten'] },
  Diavola: { add: ['gluten'] },
  'Funghi e Tartufo': { add: ['gluten'] },
  'Prosciutto & Arugula': { add: ['gluten'] },
  'California Garden': { add: ['gluten'] },
}

/** Dishes that change with the day: nobody can say what is in them in advance. */
const UNSTATED = /of the day|for the team|for the crew|the day's|any burger|any espresso/i

function wordsOf(item: ItemSeed): string {
  let text = `${item.name} ${item.description}`.toLowerCase()
  // A latte made with oat milk has no milk.
  if (text.includes('oat milk')) text = text.replace(/latte|cappuccino|cortado|flat white/g, ' ')
  for (const phrase of MISLEADING) text = text.replaceAll(phrase, ' ')
  return text
}

/** The allergens the dish contains, or null when nobody can say (a dish of the day). */
export function allergensOf(item: ItemSeed): Allergen[] | null {
  if (item.allergens !== undefined) return item.allergens
  if (UNSTATED.test(item.description)) return null
  const text = wordsOf(item)
  const found = new Set<Allergen>(RULES.filter(([, rule]) => rule.test(text)).map(([allergen]) => allergen))
  if (item.itemType === 'Egg') found.add('eggs')
  const correction = CORRECTIONS[item.name]
  for (const allergen of correction?.add ?? []) found.add(allergen)
  for (const allergen of correction?.remove ?? []) found.delete(allergen)
  return RULES.map(([allergen]) => allergen).filter((allergen) => found.has(allergen))
}

/** The dietary marks the seed's tags claim ("Vegan", "Gluten-free", "Spicy"). */
export function dietaryOf(item: ItemSeed): DietaryMark[] {
  const tags = new Set(item.tags ?? [])
  const marks: DietaryMark[] = []
  if (tags.has('Vegan')) marks.push('vegan')
  if (tags.has('Gluten-free')) marks.push('gluten-free')
  if (tags.has('Spicy')) marks.push('spicy')
  return marks
}

/** How often the demo history orders a dish, relative to 1: bestsellers sell. */
export function orderShareOf(item: ItemSeed): number {
  if (item.orderShare !== undefined) return item.orderShare
  if (item.tags?.includes('Bestseller')) return 5
  if (item.tags?.includes("Chef's special")) return 2
  return 1
}
