import { describe, expect, it } from 'vitest'
import {
  canChooseMore,
  checkSelection,
  choiceHint,
  chooseSingle,
  clampQuantity,
  customisedUnitPrice,
  defaultChoice,
  isRequired,
  isSingleChoice,
  priceCustomisation,
  toCartOptions,
  toggleMultiple,
  type ChosenOption,
  type Modifier,
} from './customisation'

const option = (id: string, price = 0, extra: Partial<Modifier['options'][number]> = {}) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  price,
  isDefault: false,
  maxQuantity: 1,
  ...extra,
})

const size: Modifier = {
  id: 'size',
  name: 'Size',
  typeId: 1,
  minSelect: 1,
  maxSelect: 1,
  options: [option('personal', 0, { isDefault: true }), option('share', 600)],
}
const toppings: Modifier = {
  id: 'toppings',
  name: 'Extra toppings',
  typeId: 2,
  minSelect: 0,
  maxSelect: 3,
  options: [option('prosciutto', 500), option('mushrooms', 250), option('honey', 200), option('burrata', 600)],
}
const board: Modifier = {
  id: 'board',
  name: 'Choose your board',
  typeId: 2,
  minSelect: 3,
  maxSelect: 3,
  options: [option('manchego'), option('brie'), option('prosciutto-b'), option('finocchiona'), option('cheddar')],
}
const shot: Modifier = { id: 'shot', name: 'Extra shot', typeId: 1, minSelect: 0, maxSelect: 1, options: [option('shot', 125)] }
const sides: Modifier = { id: 'sides', name: 'Sides', typeId: 2, minSelect: 1, maxSelect: 2, options: [option('fries', 0), option('salad', 150)] }

const pizza = { price: 1900, modifiers: [size, toppings] }
const pick = (...ids: string[]): ChosenOption[] => ids.map((id) => ({ modifierOptionId: id, quantity: 1 }))

describe('modifier rules', () => {
  it('labels each modifier as the diner reads it', () => {
    expect([size, toppings, board, shot, sides].map(choiceHint)).toEqual(['Choose 1', 'Choose up to 3', 'Choose 3', 'Choose 1', 'Choose 1 to 2'])
    expect([size, toppings, board, shot, sides].map(isRequired)).toEqual([true, false, true, false, true])
    expect([size, toppings, board, shot, sides].map(isSingleChoice)).toEqual([true, false, false, true, false])
  })

  it('reads a maxSelect of 0 as no limit', () => {
    const open: Modifier = { ...toppings, maxSelect: 0 }
    expect(choiceHint(open)).toBe('Choose up to 4')
    expect(canChooseMore(open, pick('prosciutto', 'mushrooms', 'honey'))).toBe(true)
  })
})

describe('choosing options', () => {
  it('starts from the merchant defaults', () => {
    expect(defaultChoice([size, toppings, board])).toEqual(pick('personal'))
  })

  it('a radio choice replaces the modifier’s option and leaves other modifiers alone', () => {
    let chosen = pick('personal', 'honey')
    chosen = chooseSingle(size, chosen, 'share')
    expect(chosen).toEqual(pick('honey', 'share'))
    expect(chooseSingle(shot, pick('shot'), null)).toEqual([])
    expect(chooseSingle(size, pick('personal'), 'not-an-option')).toEqual([])
  })

  it('a checkbox toggles, and refuses a choice past the maximum', () => {
    let chosen: ChosenOption[] = []
    for (const id of ['prosciutto', 'mushrooms', 'honey']) chosen = toggleMultiple(toppings, chosen, id)
    expect(canChooseMore(toppings, chosen)).toBe(false)
    expect(toggleMultiple(toppings, chosen, 'burrata')).toBe(chosen)
    chosen = toggleMultiple(toppings, chosen, 'mushrooms')
    expect(chosen).toEqual(pick('prosciutto', 'honey'))
    expect(canChooseMore(toppings, chosen)).toBe(true)
    expect(toggleMultiple(toppings, chosen, 'personal')).toBe(chosen)
  })
})

describe('checkSelection', () => {
  it('is happy with a choice inside every min and max', () => {
    expect(checkSelection([size, toppings], pick('personal'))).toEqual([])
    expect(checkSelection([size, toppings], pick('share', 'prosciutto', 'honey', 'burrata'))).toEqual([])
    expect(checkSelection([board], pick('manchego', 'brie', 'cheddar'))).toEqual([])
  })

  it('names what a required modifier still needs', () => {
    expect(checkSelection([size], [])).toEqual([{ modifierId: 'size', code: 'too_few', message: 'Size: choose 1' }])
    expect(checkSelection([board], [])[0]!.message).toBe('Choose your board: choose 3')
    expect(checkSelection([board], pick('manchego'))[0]!.message).toBe('Choose your board: choose 2 more')
    expect(checkSelection([sides], [])[0]!.message).toBe('Sides: choose at least 1')
  })

  it('refuses too many, unknown, repeated and badly counted options', () => {
    const codes = (modifiers: Modifier[], chosen: ChosenOption[]) => checkSelection(modifiers, chosen).map((p) => p.code)
    expect(codes([size], pick('personal', 'share'))).toEqual(['too_many'])
    expect(codes([toppings], pick('prosciutto', 'mushrooms', 'honey', 'burrata'))).toEqual(['too_many'])
    expect(codes([size], pick('personal', 'manchego'))).toEqual(['unknown_option'])
    expect(codes([toppings], pick('honey', 'honey'))).toEqual(['duplicate_option'])
    expect(codes([toppings], [{ modifierOptionId: 'honey', quantity: 2 }])).toEqual(['bad_quantity'])
    expect(codes([toppings], [{ modifierOptionId: 'honey', quantity: 0 }])).toEqual(['bad_quantity'])
    expect(codes([toppings], [{ modifierOptionId: 'honey', quantity: 1.5 }])).toEqual(['bad_quantity'])
  })

  it('lets an option be counted up to its own maxQuantity, which counts toward the modifier’s maximum', () => {
    const scoops: Modifier = { id: 'scoops', name: 'Scoops', typeId: 2, minSelect: 0, maxSelect: 3, options: [option('vanilla', 100, { maxQuantity: 3 }), option('mango', 100, { maxQuantity: 3 })] }
    expect(checkSelection([scoops], [{ modifierOptionId: 'vanilla', quantity: 3 }])).toEqual([])
    expect(checkSelection([scoops], [{ modifierOptionId: 'vanilla', quantity: 2 }, { modifierOptionId: 'mango', quantity: 2 }]).map((p) => p.code)).toEqual(['too_many'])
    expect(customisedUnitPrice({ price: 500, modifiers: [scoops] }, [{ modifierOptionId: 'vanilla', quantity: 3 }])).toBe(800)
  })
})

describe('pricing', () => {
  it('adds each chosen option’s price to the base price, in minor units', () => {
    expect(customisedUnitPrice(pizza, pick('personal'))).toBe(1900)
    expect(customisedUnitPrice(pizza, pick('share'))).toBe(2500)
    expect(customisedUnitPrice(pizza, pick('share', 'prosciutto', 'honey'))).toBe(3200)
  })

  it('prices a valid line, with the cart’s option shape', () => {
    const priced = priceCustomisation(pizza, pick('honey', 'share'), 3)
    expect(priced).toEqual({
      ok: true,
      unitPrice: 2700,
      total: 8100,
      quantity: 3,
      options: [
        { modifierOptionId: 'share', optionName: 'Share', price: 600, quantity: 1, modifier: 'Size', typeId: 1 },
        { modifierOptionId: 'honey', optionName: 'Honey', price: 200, quantity: 1, modifier: 'Extra toppings', typeId: 2 },
      ],
      modifierIds: ['size', 'toppings'],
    })
  })

  it('refuses to price an invalid line or quantity', () => {
    expect(priceCustomisation(pizza, [], 1)).toMatchObject({ ok: false, problems: [{ code: 'too_few', modifierId: 'size' }] })
    for (const quantity of [0, 100, 2.5, Number.NaN]) {
      expect(priceCustomisation(pizza, pick('personal'), quantity)).toMatchObject({ ok: false, problems: [{ code: 'bad_quantity' }] })
    }
    expect(priceCustomisation({ price: 400, modifiers: [] }, [], 99)).toMatchObject({ ok: true, total: 39600 })
  })

  it('keeps the cart options in the menu’s order whatever the order of choosing', () => {
    expect(toCartOptions([toppings], pick('burrata', 'prosciutto')).map((o) => o.modifierOptionId)).toEqual(['prosciutto', 'burrata'])
  })

  it('keeps a quantity between 1 and 99', () => {
    expect([0, 1, 42, 99, 100, -3, 7.9, Number.NaN].map(clampQuantity)).toEqual([1, 1, 42, 99, 99, 1, 7, 1])
  })
})
