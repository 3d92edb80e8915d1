import { atom, computed } from 'nanostores'
import { $cart, MAX_COMMENT_LENGTH } from '@/entities/cart'
import { isSoldOut } from '@/entities/menu'
import { checkSelection, chooseSingle, clampQuantity, customisedUnitPrice, defaultChoice, toggleMultiple, type ChosenOption, type Modifier } from '@/shared/lib/customisation'
import type { MenuItem } from '@/shared/api'

export { MAX_COMMENT_LENGTH }

type Draft = {
  item: MenuItem
  locationId: string
  menuType: string
  chosen: ChosenOption[]
  quantity: number
  comment: string
  /** The cart line being changed, or null when the item is added as a new line. */
  lineId: string | null
}

/** The item being customised on the item screen. */
export const $draft = atom<Draft | null>(null)

const usableOr = (item: MenuItem, chosen: ChosenOption[]) =>
  checkSelection(item.modifiers, chosen).every((problem) => problem.code === 'too_few') ? chosen : defaultChoice(item.modifiers)

/**
 * Starts on an item: with the choices of the cart line being edited (the cart's customisation
 * state), else the draft already open for it, else the merchant's defaults.
 */
export function startCustomising(item: MenuItem, locationId: string, menuType: string): void {
  const current = $draft.get()
  const cart = $cart.get()
  const editing = cart.customisation && cart.locationId === locationId && cart.customisation.itemId === item.id ? cart.customisation : null
  const line = editing ? cart.items.find((candidate) => candidate.lineId === editing.lineId) : undefined
  if (current && current.item.id === item.id && current.locationId === locationId && current.menuType === menuType && current.lineId === (line?.lineId ?? null)) {
    // The same dish object again (the sheet's effect after the tap that started it) changes nothing: no second render.
    if (current.item !== item) $draft.set({ ...current, item })
    return
  }
  if (line) {
    const chosen = line.options.map(({ modifierOptionId, quantity }) => ({ modifierOptionId, quantity }))
    $draft.set({ item, locationId, menuType, chosen: usableOr(item, chosen), quantity: line.quantity, comment: line.comment, lineId: line.lineId })
    return
  }
  $draft.set({ item, locationId, menuType, chosen: defaultChoice(item.modifiers), quantity: 1, comment: '', lineId: null })
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

/** Adds the item as a new line instead of changing the one being edited. */
export const detachFromLine = () => update(() => ({ lineId: null }))

export function discardDraft(): void {
  $draft.set(null)
}

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
