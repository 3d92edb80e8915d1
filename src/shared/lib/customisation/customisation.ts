import type { MenuItem } from '@/shared/api'
import { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY } from '../../api/contracts/field-rules'

// Pure and in shared, so the app's dish sheet and the server's cart pricing use the same rules
// (docs/menu.md "The dish sheet"); amounts are minor units.

export type Modifier = MenuItem['modifiers'][number]
export type ModifierOption = Modifier['options'][number]

/** One chosen option as the cart sends it: which option, how many of it. */
export type ChosenOption = { modifierOptionId: string; quantity: number }

/** One option of a cart line, as the cart keeps it and the order shows it (docs/checkout.md "Cart limits"). */
export type CartItemOption = {
  modifierOptionId: string
  optionName: string
  /** Minor units, for one of this option. */
  price: number
  quantity: number
  /** The name of the modifier the option belongs to ("Size"). */
  modifier: string
  /** 1 single choice, 2 multiple choice. */
  typeId: number
}

export { MAX_ITEM_QUANTITY, MIN_ITEM_QUANTITY }

/** A typed or stepped quantity brought within MIN_ITEM_QUANTITY..MAX_ITEM_QUANTITY (NaN is 1). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_ITEM_QUANTITY
  return Math.min(MAX_ITEM_QUANTITY, Math.max(MIN_ITEM_QUANTITY, Math.trunc(quantity)))
}

/** The most options a modifier takes; a maxSelect of 0 or less means "no limit". */
export const selectionLimit = (modifier: Modifier) =>
  modifier.maxSelect > 0 ? modifier.maxSelect : modifier.options.reduce((sum, option) => sum + Math.max(1, option.maxQuantity), 0)

/** A radio group: exactly one option at a time (an optional one may be none). */
export const isSingleChoice = (modifier: Modifier) => selectionLimit(modifier) === 1

export const isRequired = (modifier: Modifier) => modifier.minSelect > 0

/** "Choose 1", "Choose up to 3", "Choose 3", "Choose 1 to 3". */
export function choiceHint(modifier: Modifier): string {
  const min = Math.max(0, modifier.minSelect)
  const max = selectionLimit(modifier)
  if (min === max) return `Choose ${max}`
  if (min === 0) return max === 1 ? 'Choose 1' : `Choose up to ${max}`
  return `Choose ${min} to ${max}`
}

const inModifier = (modifier: Modifier, chosen: ChosenOption[]) => {
  const ids = new Set(modifier.options.map((option) => option.id))
  return chosen.filter((choice) => ids.has(choice.modifierOptionId))
}

export const selectedCount = (modifier: Modifier, chosen: ChosenOption[]) =>
  inModifier(modifier, chosen).reduce((sum, choice) => sum + choice.quantity, 0)

export const isChosen = (chosen: ChosenOption[], optionId: string) => chosen.some((choice) => choice.modifierOptionId === optionId)

/** Whether one more option of this modifier may be chosen. */
export const canChooseMore = (modifier: Modifier, chosen: ChosenOption[]) => selectedCount(modifier, chosen) < selectionLimit(modifier)

/** A radio choice: replaces this modifier's option (null chooses none). */
export function chooseSingle(modifier: Modifier, chosen: ChosenOption[], optionId: string | null): ChosenOption[] {
  const others = chosen.filter((choice) => !modifier.options.some((option) => option.id === choice.modifierOptionId))
  if (optionId === null || !modifier.options.some((option) => option.id === optionId)) return others
  return [...others, { modifierOptionId: optionId, quantity: 1 }]
}

/** A checkbox: on if off and the limit allows, off if on. */
export function toggleMultiple(modifier: Modifier, chosen: ChosenOption[], optionId: string): ChosenOption[] {
  if (!modifier.options.some((option) => option.id === optionId)) return chosen
  if (isChosen(chosen, optionId)) return chosen.filter((choice) => choice.modifierOptionId !== optionId)
  if (!canChooseMore(modifier, chosen)) return chosen
  return [...chosen, { modifierOptionId: optionId, quantity: 1 }]
}

/** The merchant's default options, within each modifier's limit. */
export function defaultChoice(modifiers: Modifier[]): ChosenOption[] {
  return modifiers.flatMap((modifier) =>
    modifier.options
      .filter((option) => option.isDefault)
      .slice(0, selectionLimit(modifier))
      .map((option) => ({ modifierOptionId: option.id, quantity: 1 })),
  )
}

export type SelectionProblem = {
  /** Null when the problem is an option that belongs to no modifier of the item. */
  modifierId: string | null
  code: 'too_few' | 'too_many' | 'unknown_option' | 'duplicate_option' | 'bad_quantity'
  message: string
}

/** Everything wrong with a choice of options for an item, in the modifiers' order; empty when valid. */
export function checkSelection(modifiers: Modifier[], chosen: ChosenOption[]): SelectionProblem[] {
  const problems: SelectionProblem[] = []
  const owner = new Map(modifiers.flatMap((modifier) => modifier.options.map((option) => [option.id, { modifier, option }] as const)))
  const seen = new Set<string>()
  for (const choice of chosen) {
    const found = owner.get(choice.modifierOptionId)
    if (!found) {
      problems.push({ modifierId: null, code: 'unknown_option', message: `Option ${choice.modifierOptionId} is not offered with this item.` })
      continue
    }
    if (seen.has(choice.modifierOptionId)) {
      problems.push({ modifierId: found.modifier.id, code: 'duplicate_option', message: `${found.option.name} is chosen twice.` })
    }
    seen.add(choice.modifierOptionId)
    const most = Math.max(1, found.option.maxQuantity)
    if (!Number.isInteger(choice.quantity) || choice.quantity < 1 || choice.quantity > most) {
      problems.push({
        modifierId: found.modifier.id,
        code: 'bad_quantity',
        message: `${found.option.name} can be chosen ${most === 1 ? 'once' : `1 to ${most} times`}.`,
      })
    }
  }
  for (const modifier of modifiers) {
    const count = selectedCount(modifier, chosen)
    const min = Math.max(0, modifier.minSelect)
    const max = selectionLimit(modifier)
    if (count < min) {
      const want = count === 0 ? (min === max ? `${min}` : `at least ${min}`) : `${min - count} more`
      problems.push({ modifierId: modifier.id, code: 'too_few', message: `${modifier.name}: choose ${want}` })
    } else if (count > max) {
      problems.push({ modifierId: modifier.id, code: 'too_many', message: `${modifier.name}: choose at most ${max}` })
    }
  }
  return problems
}

/** The price of one item with its options: base price plus each option's price times its quantity. */
export function customisedUnitPrice(item: Pick<MenuItem, 'price' | 'modifiers'>, chosen: ChosenOption[]): number {
  const prices = new Map(item.modifiers.flatMap((modifier) => modifier.options.map((option) => [option.id, option.price] as const)))
  return chosen.reduce((sum, choice) => sum + (prices.get(choice.modifierOptionId) ?? 0) * choice.quantity, item.price)
}

/** The chosen options in the cart's shape, in the menu's order of modifiers and options. */
export function toCartOptions(modifiers: Modifier[], chosen: ChosenOption[]): CartItemOption[] {
  return modifiers.flatMap((modifier) =>
    modifier.options.flatMap((option) => {
      const choice = chosen.find((candidate) => candidate.modifierOptionId === option.id)
      if (!choice) return []
      return [{ modifierOptionId: option.id, optionName: option.name, price: option.price, quantity: choice.quantity, modifier: modifier.name, typeId: modifier.typeId }]
    }),
  )
}

/** The ids of the modifiers with at least one chosen option. */
export const chosenModifierIds = (modifiers: Modifier[], chosen: ChosenOption[]) =>
  modifiers.filter((modifier) => selectedCount(modifier, chosen) > 0).map((modifier) => modifier.id)

export type PricedCustomisation =
  | { ok: true; unitPrice: number; total: number; quantity: number; options: CartItemOption[]; modifierIds: string[] }
  | { ok: false; problems: SelectionProblem[] }

/** Validates and prices one cart line: the entry point for anyone who must not trust the client. */
export function priceCustomisation(item: Pick<MenuItem, 'price' | 'modifiers'>, chosen: ChosenOption[], quantity: number): PricedCustomisation {
  const problems = checkSelection(item.modifiers, chosen)
  if (!Number.isInteger(quantity) || quantity < MIN_ITEM_QUANTITY || quantity > MAX_ITEM_QUANTITY) {
    problems.push({ modifierId: null, code: 'bad_quantity', message: `The quantity must be ${MIN_ITEM_QUANTITY} to ${MAX_ITEM_QUANTITY}.` })
  }
  if (problems.length > 0) return { ok: false, problems }
  const unitPrice = customisedUnitPrice(item, chosen)
  return {
    ok: true,
    unitPrice,
    total: unitPrice * quantity,
    quantity,
    options: toCartOptions(item.modifiers, chosen),
    modifierIds: chosenModifierIds(item.modifiers, chosen),
  }
}
