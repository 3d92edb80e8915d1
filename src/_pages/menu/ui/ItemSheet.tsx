import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { ItemDetails, ItemDetailsShell, startCustomising, type AddOutcome } from '@/features/add-to-cart'
import type { DietaryMarket, MenuItem, RestaurantDetail } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { showToast } from '@/shared/ui'
import css from './ItemSheet.module.css'

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'

/** On `html` while the sheet is open: the page under it does not scroll (ItemSheet.module.css). */
const SCROLL_LOCK = 'tf-sheet-open'

type ItemSheetProps = {
  item: MenuItem | null
  restaurant: RestaurantDetail
  market: DietaryMarket
  menuType: string
  eventDate: string | null
  onClose: () => void
}

/**
 * A dish over the menu (docs/menu.md): a bottom sheet on phones, a dialog on wide screens; the menu
 * stays where it was. A `<dialog>` kept mounted between dishes, shown without `showModal()` and
 * modal by its own means (aria-modal, a backdrop over the page, focus kept inside and given back,
 * Escape closes it): Headless UI's dialog and `showModal()` each restyle the whole menu to make it
 * inert, and Headless UI also measured the scrollbar, on every open and close (docs/decisions.md,
 * "Issue 16 — interaction speed").
 */
export function ItemSheet({ item, restaurant, market, menuType, eventDate, onClose }: ItemSheetProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const open = item !== null
  useEffect(() => {
    if (item) startCustomising(item, restaurant.id, menuType)
  }, [item, restaurant.id, menuType])

  const returnFocus = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      element.show()
      element.querySelector<HTMLElement>(FOCUSABLE)?.focus({ preventScroll: true })
      // The page's scroll is locked after the sheet's first paint: a class on <html> restyles the
      // whole menu, and before show() it made the dialog's focusing wait for that (docs/app.md).
      return afterPaint(() => element.open && document.documentElement.classList.add(SCROLL_LOCK))
    } else if (!open && element.open) {
      element.close()
      returnFocus.current?.focus({ preventScroll: true })
      returnFocus.current = null
      // Unlocked after the paint, likewise: before focus() it restyled the whole menu inside the tap.
      return afterPaint(() => !element.open && document.documentElement.classList.remove(SCROLL_LOCK))
    }
  }, [open])
  useEffect(() => () => document.documentElement.classList.remove(SCROLL_LOCK), [])

  // The heavy part (picture, choices, the form) follows in the next frame: the tap paints the sheet first.
  const details = useNextFrame(item)

  function added(outcome: Extract<AddOutcome, { status: 'added' | 'updated' }>) {
    showToast(outcome.status === 'updated' ? `${outcome.name} updated in your cart` : `${outcome.name} added to your cart`, { tone: 'success', durationMs: TOAST_FLOW_MS })
    onClose()
  }
  // Escape closes it; Tab and Shift+Tab go round the sheet's own controls (a modal dialog).
  const keys = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'Tab') {
      const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((candidate) => !candidate.matches(':disabled'))
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
  }
  // A tap outside the panel (on the backdrop) closes it, as before.
  const outside = (event: MouseEvent) => {
    if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.sheetFrame !== undefined) onClose()
  }

  return (
    <dialog ref={dialog} className={css.root} aria-modal="true" aria-labelledby={open ? titleId : undefined} onKeyDown={keys} onClick={outside}>
      {item && <div className={css.backdrop} data-sheet-frame="" />}
      {item && (
        <div className={css.frame} data-sheet-frame="">
          <div className={css.panel} data-testid="item-sheet">
            <button type="button" className={css.close} aria-label="Close" onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
            {details === item ? (
              <ItemDetails item={item} restaurant={restaurant} market={market} eventDate={eventDate} onAdded={added} titleId={titleId} layout="sheet" Title="h2" />
            ) : (
              <ItemDetailsShell item={item} titleId={titleId} />
            )}
          </div>
        </div>
      )}
    </dialog>
  )
}

/**
 * Runs `work` after the next paint (requestAnimationFrame runs before it, a timeout from there
 * after it); the returned function cancels it.
 */
function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** `value`, one frame late: what depends on it renders after the frame that answers the tap. */
function useNextFrame<T>(value: T): T | null {
  const [late, setLate] = useState<T | null>(null)
  useEffect(() => {
    if (late === value) return
    return afterPaint(() => setLate(value))
  }, [value, late])
  return late === value ? value : null
}
