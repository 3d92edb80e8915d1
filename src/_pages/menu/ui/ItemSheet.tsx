import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react'
import { ItemDetails, ItemDetailsShell, startCustomising, type AddOutcome } from '@/features/add-to-cart'
import type { DietaryMarket, MenuItem, RestaurantDetail } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { showToast } from '@/shared/ui'
import css from './ItemSheet.module.css'

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
 * stays where it was. A native modal `<dialog>` (showModal: the rest of the page inert, focus kept
 * inside and given back on close, Escape closes it), kept mounted between dishes: Headless UI's
 * dialog measured the scrollbar and laid the whole menu out again on every open (docs/app.md,
 * "Start-up work"). Dialogs the sheet opens (a new cart) render inside it, above it.
 */
export function ItemSheet({ item, restaurant, market, menuType, eventDate, onClose }: ItemSheetProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const open = item !== null
  useEffect(() => {
    if (item) startCustomising(item, restaurant.id, menuType)
  }, [item, restaurant.id, menuType])

  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      document.documentElement.classList.add(SCROLL_LOCK)
      element.showModal()
      adoptPortalRoot(element)
    } else if (!open && element.open) {
      element.close()
    }
    if (!open) releasePortalRoot(element)
    if (!open) document.documentElement.classList.remove(SCROLL_LOCK)
  }, [open])
  useEffect(() => () => document.documentElement.classList.remove(SCROLL_LOCK), [])

  // The heavy part (picture, choices, the form) follows in the next frame: the tap paints the sheet first.
  const details = useNextFrame(item)

  function added(outcome: Extract<AddOutcome, { status: 'added' | 'updated' }>) {
    showToast(outcome.status === 'updated' ? `${outcome.name} updated in your cart` : `${outcome.name} added to your cart`, { tone: 'success', durationMs: TOAST_FLOW_MS })
    onClose()
  }
  // Escape: React's state closes it, so the sheet and the menu never disagree.
  const cancel = (event: SyntheticEvent) => {
    event.preventDefault()
    onClose()
  }
  // The browser may close it itself (a second Escape without a tap in between): follow it.
  const closed = () => {
    document.documentElement.classList.remove(SCROLL_LOCK)
    if (dialog.current) releasePortalRoot(dialog.current)
    if (open) onClose()
  }
  // A tap outside the panel (on the backdrop) closes it, as before.
  const outside = (event: MouseEvent) => {
    if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.sheetFrame !== undefined) onClose()
  }

  return (
    <dialog ref={dialog} className={css.root} aria-labelledby={open ? titleId : undefined} onCancel={cancel} onClose={closed} onClick={outside}>
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
 * Headless UI's dialogs (a new cart, sign in) render into `#headlessui-portal-root` under `body`,
 * which the open modal makes inert: while the sheet is open that root lives inside it, so a dialog
 * the sheet opens is above it and usable (Headless UI uses the element found by that id).
 */
function adoptPortalRoot(dialog: HTMLDialogElement) {
  const existing = document.getElementById('headlessui-portal-root')
  if (existing && existing.parentElement === dialog) return
  if (existing && existing.childNodes.length > 0) return // a dialog under the sheet keeps its place
  const root = existing ?? document.createElement('div')
  root.id = 'headlessui-portal-root'
  dialog.append(root)
}

/** Back under `body` when the sheet closes, for the dialogs the menu opens without it. */
function releasePortalRoot(dialog: HTMLDialogElement) {
  const root = document.getElementById('headlessui-portal-root')
  if (root && root.parentElement === dialog) document.body.append(root)
}

/** `value`, one frame late: what depends on it renders after the frame that answers the tap. */
function useNextFrame<T>(value: T): T | null {
  const [late, setLate] = useState<T | null>(null)
  useEffect(() => {
    if (late === value) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // After the next paint: requestAnimationFrame runs before it, the timeout after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLate(value), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [value, late])
  return late === value ? value : null
}
