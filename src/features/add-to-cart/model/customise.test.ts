// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { $cart, clearCart, editItem } from '@/entities/cart'
import type { MenuItem, RestaurantDetail } from '@/shared/api'
import { addDraftToCart } from './add-to-cart'
import { $draft, $draftSummary, chooseOption, detachFromLine, discardDraft, MAX_COMMENT_LENGTH, setComment, setQuantity, startCustomising, toggleOption } from './customise'

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
  allergens: null,
  dietary: [],
  tags: [],
  calories: null,
  image: null,
  stockQuantity: null,
  alertQuantity: null,
  modifiers: [size, board],
  ...extra,
})

const restaurant = (id = 'loc-1', merchantName = 'Olive Tree') =>
  ({ id, merchantName, locationSlug: id, merchantType: 'restaurant', currency: 'USD', orderTypes: [
    { id: 'd', code: 'dinein', name: 'Dine-in', typeGroup: 'D' },
    { id: 'p', code: 'pickup', name: 'Pickup', typeGroup: 'P' },
  ] }) as unknown as RestaurantDetail

beforeEach(() => {
  localStorage.clear()
  keepMount($cart)
  clearCart()
  discardDraft()
})
afterEach(() => cleanStores($cart))

describe('customising an item', () => {
  it('starting the dish it already customises changes nothing, so the sheet renders once per tap; a fresher copy of the dish is taken', () => {
    const platter = item()
    startCustomising(platter, 'loc-1', 'dinein')
    toggleOption(board, 'brie')
    const draft = $draft.get()
    const changes: unknown[] = []
    const stop = $draft.listen((next) => changes.push(next))
    startCustomising(platter, 'loc-1', 'dinein')
    expect($draft.get()).toBe(draft)
    expect(changes).toHaveLength(0)
    const fresher = item({ price: 2100 })
    startCustomising(fresher, 'loc-1', 'dinein')
    stop()
    expect(changes).toHaveLength(1)
    expect($draft.get()).toMatchObject({ item: fresher, chosen: draft!.chosen })
  })

  it('starts from the defaults, and adds nothing until every required modifier is satisfied', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    expect($draft.get()?.chosen).toEqual([{ modifierOptionId: 'small', quantity: 1 }])
    expect($draftSummary.get()).toMatchObject({ unitPrice: 2000, total: 2000, soldOut: false })
    expect($draftSummary.get()!.problems.map((p) => p.message)).toEqual(['Choose your board: choose 2'])
    expect(addDraftToCart(restaurant(), null)).toEqual({ status: 'blocked' })
    expect($cart.get().items).toEqual([])

    toggleOption(board, 'brie')
    toggleOption(board, 'cheddar')
    toggleOption(board, 'manchego')
    expect($draft.get()!.chosen.map((c) => c.modifierOptionId)).toEqual(['small', 'brie', 'cheddar'])
    expect($draftSummary.get()!.problems).toEqual([])
  })

  it('prices options and quantity live, and adds the cart item shape to the cart', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    chooseOption(size, 'large')
    toggleOption(board, 'brie')
    toggleOption(board, 'manchego')
    setQuantity(3)
    setComment('  No honey please ')
    expect($draftSummary.get()).toMatchObject({ unitPrice: 2750, total: 8250 })
    expect(addDraftToCart(restaurant(), null)).toEqual({ status: 'added', name: 'Platter', quantity: 3 })
    expect($cart.get()).toMatchObject({ locationId: 'loc-1', orderTypeId: 'dinein' })
    expect($cart.get().items).toEqual([
      {
        lineId: expect.any(String),
        itemId: 'platter',
        name: 'Platter',
        slug: 'platter',
        quantity: 3,
        unitPrice: 2750,
        options: [
          { modifierOptionId: 'large', optionName: 'Large', price: 600, quantity: 1, modifier: 'Size', typeId: 1 },
          { modifierOptionId: 'brie', optionName: 'brie', price: 150, quantity: 1, modifier: 'Choose your board', typeId: 2 },
          { modifierOptionId: 'manchego', optionName: 'manchego', price: 0, quantity: 1, modifier: 'Choose your board', typeId: 2 },
        ],
        modifierIds: ['size', 'board'],
        comment: 'No honey please',
      },
    ])
    // The next visit to the item starts afresh.
    expect($draft.get()).toBeNull()
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

  it('never adds a sold-out item', () => {
    startCustomising(item({ stockQuantity: 0, modifiers: [] }), 'loc-1', 'pickup')
    expect($draftSummary.get()).toMatchObject({ soldOut: true, problems: [] })
    expect(addDraftToCart(restaurant(), null)).toEqual({ status: 'blocked' })
    expect($cart.get().items).toEqual([])
  })

  it('reports another restaurant’s cart, and replaces it when the diner agrees', () => {
    startCustomising(item({ modifiers: [] }), 'loc-1', 'pickup')
    addDraftToCart(restaurant(), null)
    startCustomising(item({ id: 'latte', name: 'Latte', modifiers: [] }), 'loc-2', 'pickup')
    expect(addDraftToCart(restaurant('loc-2', 'Brew Lab'), null)).toEqual({ status: 'another_restaurant', restaurantName: 'Olive Tree' })
    expect($cart.get().items.map((line) => line.name)).toEqual(['Platter'])
    expect(addDraftToCart(restaurant('loc-2', 'Brew Lab'), null, true)).toMatchObject({ status: 'added', name: 'Latte' })
    expect($cart.get()).toMatchObject({ locationId: 'loc-2', items: [{ name: 'Latte' }] })
  })

  it('opens a cart line being edited with its choices and updates that line', () => {
    startCustomising(item(), 'loc-1', 'dinein')
    chooseOption(size, 'large')
    toggleOption(board, 'brie')
    toggleOption(board, 'cheddar')
    setQuantity(2)
    setComment('Warm the brie')
    addDraftToCart(restaurant(), null)
    const lineId = $cart.get().items[0]!.lineId

    startCustomising(item(), 'loc-1', 'dinein')
    expect($draft.get()).toMatchObject({ lineId: null, quantity: 1, chosen: [{ modifierOptionId: 'small' }] })
    discardDraft()
    editItem(lineId)
    startCustomising(item(), 'loc-1', 'dinein')
    expect($draft.get()).toMatchObject({
      lineId,
      quantity: 2,
      comment: 'Warm the brie',
      chosen: [{ modifierOptionId: 'large' }, { modifierOptionId: 'brie' }, { modifierOptionId: 'cheddar' }],
    })
    chooseOption(size, 'small')
    expect(addDraftToCart(restaurant(), null)).toEqual({ status: 'updated', name: 'Platter', quantity: 2 })
    expect($cart.get().items).toHaveLength(1)
    expect($cart.get().items[0]).toMatchObject({ lineId, unitPrice: 2150, options: [{ modifierOptionId: 'small' }, { modifierOptionId: 'brie' }, { modifierOptionId: 'cheddar' }] })
    expect($cart.get().customisation).toBeNull()
  })

  it('adds an edited item as a new line when the diner asks', () => {
    startCustomising(item({ modifiers: [] }), 'loc-1', 'dinein')
    addDraftToCart(restaurant(), null)
    editItem($cart.get().items[0]!.lineId)
    startCustomising(item({ modifiers: [] }), 'loc-1', 'dinein')
    detachFromLine()
    setComment('For the kids')
    expect(addDraftToCart(restaurant(), null)).toMatchObject({ status: 'added' })
    expect($cart.get().items.map((line) => line.comment)).toEqual(['', 'For the kids'])
  })
})
