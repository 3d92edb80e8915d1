import { beforeEach, describe, expect, it } from 'vitest'
import type { MenuItem } from '@/shared/api'
import {
  $customisation,
  $draft,
  $draftSummary,
  chooseOption,
  clearCustomisation,
  MAX_COMMENT_LENGTH,
  saveCustomisation,
  setComment,
  setQuantity,
  startCustomising,
  toggleOption,
} from './customise-item'

const size = {
  id: 'size',
  name: 'Size',
  typeId: 1,
  minSelect: 1,
  maxSelect: 1,
  options: [
    { id: 'small', name: 'Small', price: 0, isDefault: true, maxQuantity: 1 },
    { id: 'large', name: 'Large', price: 600, isDefault: false, maxQuantity: 1 },
  ],
}
const board = {
  id: 'board',
  name: 'Choose your board',
  typeId: 2,
  minSelect: 2,
  maxSelect: 2,
  options: ['brie', 'cheddar', 'manchego'].map((id) => ({ id, name: id, price: id === 'brie' ? 150 : 0, isDefault: false, maxQuantity: 1 })),
}

const item = (extra: Partial<MenuItem> = {}): MenuItem => ({
  id: 'platter',
  name: 'Platter',
  slug: 'platter',
  description: '',
  price: 2000,
  tax: null,
  display: 1,
  categoryId: 'c',
  category: 'Boards',
  subCategoryId: null,
  subCategory: null,
  subCategoryImg: null,
  subCategoryImgType: null,
  itemType: 'Veg',
  tags: [],
  calories: null,
  image: null,
  stockQuantity: null,
  alertQuantity: null,
  modifiers: [size, board],
  ...extra,
})

beforeEach(() => clearCustomisation())

describe('customising an item', () => {
  it('starts from the defaults, and blocks "Add to order" until every required modifier is satisfied', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    expect($draft.get()?.chosen).toEqual([{ modifierOptionId: 'small', quantity: 1 }])
    expect($draftSummary.get()).toMatchObject({ unitPrice: 2000, total: 2000, soldOut: false })
    expect($draftSummary.get()!.problems.map((p) => p.message)).toEqual(['Choose your board: choose 2'])
    expect(saveCustomisation()).toBeNull()
    expect($customisation.get()).toBeNull()

    toggleOption(board, 'brie')
    toggleOption(board, 'cheddar')
    toggleOption(board, 'manchego')
    expect($draft.get()!.chosen.map((c) => c.modifierOptionId)).toEqual(['small', 'brie', 'cheddar'])
    expect($draftSummary.get()!.problems).toEqual([])
  })

  it('prices options and quantity live, and saves the cart item shape', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    chooseOption(size, 'large')
    toggleOption(board, 'brie')
    toggleOption(board, 'manchego')
    setQuantity(3)
    setComment('  No honey please ')
    expect($draftSummary.get()).toMatchObject({ unitPrice: 2750, total: 8250 })
    const saved = saveCustomisation()
    expect(saved).toEqual({
      itemId: 'platter',
      itemName: 'Platter',
      locationId: 'loc-1',
      menuType: 'dinein',
      quantity: 3,
      options: [
        { modifierOptionId: 'large', optionName: 'Large', price: 600, quantity: 1, modifier: 'Size', typeId: 1 },
        { modifierOptionId: 'brie', optionName: 'brie', price: 150, quantity: 1, modifier: 'Choose your board', typeId: 2 },
        { modifierOptionId: 'manchego', optionName: 'manchego', price: 0, quantity: 1, modifier: 'Choose your board', typeId: 2 },
      ],
      modifierIds: ['size', 'board'],
      comment: 'No honey please',
      unitPrice: 2750,
      total: 8250,
    })
    expect($customisation.get()).toEqual(saved)
  })

  it('keeps the quantity between 1 and 99 and the comment within its length', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    setQuantity(0)
    expect($draft.get()!.quantity).toBe(1)
    setQuantity(250)
    expect($draft.get()!.quantity).toBe(99)
    setComment('x'.repeat(MAX_COMMENT_LENGTH + 50))
    expect($draft.get()!.comment).toHaveLength(MAX_COMMENT_LENGTH)
  })

  it('never saves a sold-out item', () => {
    startCustomising(item({ stockQuantity: 0, modifiers: [] }), 'loc-1', 'pickup')
    expect($draftSummary.get()).toMatchObject({ soldOut: true, problems: [] })
    expect(saveCustomisation()).toBeNull()
  })

  it('reopens a saved item with the diner’s choices, and another item with its defaults', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    chooseOption(size, 'large')
    toggleOption(board, 'brie')
    toggleOption(board, 'cheddar')
    setQuantity(2)
    saveCustomisation()
    $draft.set(null)

    startCustomising(item(), 'loc-1', 'dinein')
    expect($draft.get()).toMatchObject({ quantity: 2, chosen: [{ modifierOptionId: 'large' }, { modifierOptionId: 'brie' }, { modifierOptionId: 'cheddar' }] })
    startCustomising(item(), 'loc-1', 'pickup')
    expect($draft.get()).toMatchObject({ quantity: 1, chosen: [{ modifierOptionId: 'small' }] })
    startCustomising(item({ id: 'other' }), 'loc-1', 'dinein')
    expect($draft.get()).toMatchObject({ quantity: 1, chosen: [{ modifierOptionId: 'small' }] })
  })
})
