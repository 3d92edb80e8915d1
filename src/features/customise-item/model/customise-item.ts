import { atom, computed } from 'nanostores'
import {
  checkSelection,
  chooseSingle,
  clampQuantity,
  customisedUnitPrice,
  defaultChoice,
  isSoldOut,
  priceCustomisation,
  toggleMultiple,
  type CartItemOption,
  type ChosenOption,
  type Modifier,
} from '@/entities/menu'
import type { MenuItem } from '@/shared/api'

/** A customised item ready for the cart (SPEC §3 "Cart item"): amounts in minor units. */
export type Customisation = {
  itemId: string
  itemName: string
  locationId: string
  menuType: string
  quantity: number
  options: CartItemOption[]
  modifierIds: string[]
  comment: string
  unitPrice: number
  total: number
}

/** The last item the diner finished customising; the cart (a later issue) takes it from here. */
export const $customisation = atom<Customisation | null>(null)

export const MAX_COMMENT_LENGTH = 200

type Draft = { item: MenuItem; locationId: string; menuType: string; chosen: ChosenOption[]; quantity: number; comment: string }

/** The item being customised on the item screen. */
export const $draft = atom<Draft | null>(null)

/** Starts on an item: with the diner's earlier choices for it, else the merchant's defaults. */
export function startCustomising(item: MenuItem, locationId: string, menuType: string): void {
  const current = $draft.get()
  if (current && current.item.id === item.id && current.locationId === locationId && current.menuType === menuType) {
    $draft.set({ ...current, item })
    return
  }
  const saved = $customisation.get()
  const same = saved && saved.itemId === item.id && saved.locationId === locationId && saved.menuType === menuType
  const chosen = same ? saved.options.map(({ modifierOptionId, quantity }) => ({ modifierOptionId, quantity })) : defaultChoice(item.modifiers)
  const usable = checkSelection(item.modifiers, chosen).every((problem) => problem.code === 'too_few')
  $draft.set({
    item,
    locationId,
    menuType,
    chosen: usable ? chosen : defaultChoice(item.modifiers),
    quantity: same ? saved.quantity : 1,
    comment: same ? saved.comment : '',
  })
}

const update = (change: (draft: Draft) => Partial<Draft>) => {
  const draft = $draft.get()
  if (draft) $draft.set({ ...draft, ...change(draft) })
}

/** A radio choice; null chooses none of an optional modifier's options. */
export const chooseOption = (modifier: Modifier, optionId: string | null) =>
  update((draft) => ({ chosen: chooseSingle(modifier, draft.chosen, optionId) }))

export const toggleOption = (modifier: Modifier, optionId: string) =>
  update((draft) => ({ chosen: toggleMultiple(modifier, draft.chosen, optionId) }))

export const setQuantity = (quantity: number) => update(() => ({ quantity: clampQuantity(quantity) }))

export const setComment = (comment: string) => update(() => ({ comment: comment.slice(0, MAX_COMMENT_LENGTH) }))

/** The live price and what still stops the item being added. */
export const $draftSummary = computed($draft, (draft) => {
  if (!draft) return null
  const unitPrice = customisedUnitPrice(draft.item, draft.chosen)
  return {
    unitPrice,
    total: unitPrice * draft.quantity,
    problems: checkSelection(draft.item.modifiers, draft.chosen),
    soldOut: isSoldOut(draft.item),
  }
})

/** Keeps the finished customisation, or returns null while it is invalid or the item sold out. */
export function saveCustomisation(): Customisation | null {
  const draft = $draft.get()
  if (!draft || isSoldOut(draft.item)) return null
  const priced = priceCustomisation(draft.item, draft.chosen, draft.quantity)
  if (!priced.ok) return null
  const customisation: Customisation = {
    itemId: draft.item.id,
    itemName: draft.item.name,
    locationId: draft.locationId,
    menuType: draft.menuType,
    quantity: priced.quantity,
    options: priced.options,
    modifierIds: priced.modifierIds,
    comment: draft.comment.trim(),
    unitPrice: priced.unitPrice,
    total: priced.total,
  }
  $customisation.set(customisation)
  return customisation
}

export function clearCustomisation(): void {
  $customisation.set(null)
  $draft.set(null)
}
