import type { Allergen, DietaryMarket, MenuItem } from '@/shared/api'

/** One mark on a dish: a short label for the eye, the full words for screen readers. */
export type DietaryBadge = { key: string; short: string; label: string }

const ALLERGEN_NAMES: Record<Allergen, string> = {
  milk: 'milk',
  eggs: 'eggs',
  fish: 'fish',
  shellfish: 'shellfish',
  'tree-nuts': 'tree nuts',
  peanuts: 'peanuts',
  gluten: 'gluten',
  soy: 'soy',
  sesame: 'sesame',
}

/**
 * The dietary marks a dish shows in its market (docs/menu.md): India's menus use the food-type
 * symbol (veg, egg, non-veg) and nothing else; US menus say vegetarian (a Veg dish that is not
 * vegan), vegan, gluten-free and spicy in words, and never show the Indian symbols. A card says
 * "Vegetarian" only where it tells dishes apart (`vegetarianMatters`: its section has meat or
 * fish), so a coffee list or a wine list is not a column of "Vegetarian".
 */
export function dietaryBadges(item: Pick<MenuItem, 'itemType' | 'dietary'>, market: DietaryMarket, vegetarianMatters = true): DietaryBadge[] {
  if (market === 'IN') return []
  const badges: DietaryBadge[] = []
  const vegan = item.dietary.includes('vegan')
  if (vegan) badges.push({ key: 'vegan', short: 'Vegan', label: 'Vegan' })
  else if (item.itemType === 'Veg' && vegetarianMatters) badges.push({ key: 'vegetarian', short: 'Vegetarian', label: 'Vegetarian' })
  if (item.dietary.includes('gluten-free')) badges.push({ key: 'gluten-free', short: 'GF', label: 'Gluten-free' })
  if (item.dietary.includes('spicy')) badges.push({ key: 'spicy', short: 'Spicy', label: 'Spicy' })
  return badges
}

/** Whether the dish shows India's food-type symbol. */
export const showsFoodTypeSymbol = (item: Pick<MenuItem, 'itemType'>, market: DietaryMarket) => market === 'IN' && Boolean(item.itemType)

/** Tags the dietary marks already say on a US menu, so they are not said twice. */
const MARKED_TAGS = new Set(['vegan', 'gluten-free', 'spicy', 'vegetarian'])
export const tagsBesideMarks = (tags: string[], market: DietaryMarket) => (market === 'IN' ? tags : tags.filter((tag) => !MARKED_TAGS.has(tag.toLowerCase())))

/** "Contains milk, eggs and gluten", "No major allergens", or null when the restaurant has not said. */
export function allergenSentence(allergens: Allergen[] | null): string | null {
  if (allergens === null) return null
  if (allergens.length === 0) return 'No major allergens'
  const names = allergens.map((allergen) => ALLERGEN_NAMES[allergen])
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
  return `Contains ${list}`
}

/** A dish whose choices all have defaults or are optional goes straight into the cart from its card. */
export const canQuickAdd = (item: Pick<MenuItem, 'modifiers'>) => item.modifiers.every((modifier) => modifier.minSelect === 0)

/** Whether "Vegetarian" tells these dishes apart: some of them are not Veg. */
export const vegetarianMattersAmong = (items: Pick<MenuItem, 'itemType'>[]) => items.some((item) => item.itemType !== 'Veg')
