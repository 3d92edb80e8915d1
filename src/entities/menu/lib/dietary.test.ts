import { describe, expect, it } from 'vitest'
import { allergenSentence, canQuickAdd, dietaryBadges, showsFoodTypeSymbol, tagsBesideMarks, vegetarianMattersAmong } from './dietary'

const required = { id: 'size', name: 'Size', typeId: 1, minSelect: 1, maxSelect: 1, options: [] }
const optional = { ...required, id: 'extras', minSelect: 0 }

describe('dietary marks by market (docs/menu.md)', () => {
  it('an Indian menu shows the veg/egg/non-veg symbol and no US words', () => {
    expect(dietaryBadges({ itemType: 'Veg', dietary: ['vegan', 'spicy'] }, 'IN')).toEqual([])
    expect(showsFoodTypeSymbol({ itemType: 'Non-veg' }, 'IN')).toBe(true)
  })

  it('a US menu never shows the Indian symbols and says vegetarian, vegan, gluten-free and spicy in words', () => {
    expect(showsFoodTypeSymbol({ itemType: 'Veg' }, 'US')).toBe(false)
    expect(dietaryBadges({ itemType: 'Veg', dietary: [] }, 'US').map((badge) => badge.label)).toEqual(['Vegetarian'])
    expect(dietaryBadges({ itemType: 'Veg', dietary: ['vegan', 'gluten-free', 'spicy'] }, 'US').map((badge) => badge.label)).toEqual(['Vegan', 'Gluten-free', 'Spicy'])
    expect(dietaryBadges({ itemType: 'Non-veg', dietary: ['spicy'] }, 'US').map((badge) => badge.label)).toEqual(['Spicy'])
    expect(dietaryBadges({ itemType: 'Egg', dietary: [] }, 'US')).toEqual([])
  })

  it('"Vegetarian" only where it tells dishes apart: not down a list of coffees, still "Vegan" and "Spicy"', () => {
    const coffees = [{ itemType: 'Veg' }, { itemType: 'Veg' }]
    expect(vegetarianMattersAmong(coffees)).toBe(false)
    expect(vegetarianMattersAmong([...coffees, { itemType: 'Non-veg' }])).toBe(true)
    expect(dietaryBadges({ itemType: 'Veg', dietary: [] }, 'US', false)).toEqual([])
    expect(dietaryBadges({ itemType: 'Veg', dietary: ['vegan', 'spicy'] }, 'US', false).map((badge) => badge.label)).toEqual(['Vegan', 'Spicy'])
  })

  it('tags the marks already say are not repeated on a US menu, and kept on an Indian one', () => {
    expect(tagsBesideMarks(['Bestseller', 'Spicy', 'Vegan'], 'US')).toEqual(['Bestseller'])
    expect(tagsBesideMarks(['Bestseller', 'Spicy'], 'IN')).toEqual(['Bestseller', 'Spicy'])
  })

  it('allergens read as a sentence; unstated allergens are not "none"', () => {
    expect(allergenSentence(['milk', 'tree-nuts', 'gluten'])).toBe('Contains milk, tree nuts and gluten')
    expect(allergenSentence(['soy'])).toBe('Contains soy')
    expect(allergenSentence([])).toBe('No major allergens')
    expect(allergenSentence(null)).toBeNull()
  })

  it('quick add only for dishes without a required choice', () => {
    expect(canQuickAdd({ modifiers: [] })).toBe(true)
    expect(canQuickAdd({ modifiers: [optional] })).toBe(true)
    expect(canQuickAdd({ modifiers: [optional, required] })).toBe(false)
  })
})
