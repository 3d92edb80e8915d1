import { expect, type Locator, type Page } from '@playwright/test'

/** What the focused element looks like: where it is, and whether a focus ring is drawn around it. */
type FocusState = { description: string; visible: boolean; ring: boolean; focusVisible: boolean }

/** The focused element, whether a user can see it, and whether it (or the container that draws its ring) shows one. */
export async function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { description: 'body', visible: false, ring: false, focusVisible: false }
    const description = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 60)}"`
    // A visually hidden radio or checkbox is seen through its label, which draws the ring (`.choice:has(input:focus-visible)`).
    const shown = element.closest('label') ?? element
    const box = shown.getBoundingClientRect()
    const onScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth
    const visible = onScreen && shown.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !element.closest('[aria-hidden="true"], [inert]')
    const drawsRing = (node: Element) => {
      const style = getComputedStyle(node)
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    }
    let ring = drawsRing(element) || getComputedStyle(element).boxShadow !== 'none'
    // A card may draw the ring of the link inside it (`.item:has(.link:focus-visible)`).
    for (let node = element.parentElement, depth = 0; !ring && node && depth < 4; node = node.parentElement, depth++) ring = drawsRing(node)
    return { description, visible, ring, focusVisible: element.matches(':focus-visible') }
  })
}

/** Fails unless the focused element is on screen and drawn with a visible focus ring. */
export async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  const state = await focusState(page)
  expect(state.visible, `${step}: focus is on a hidden element, ${state.description}`).toBe(true)
  expect(state.focusVisible && state.ring, `${step}: no focus ring on ${state.description}`).toBe(true)
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false)

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has focus, checking at every stop that
 * the focus is visible and never on a hidden element.
 */
export async function tabTo(page: Page, target: Locator, step: string, { backwards = false, limit = 150 } = {}): Promise<void> {
  await expect(target, `${step}: the target is on the page`).toBeVisible()
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const state = await focusState(page)
    if (state.description !== 'body') await expectVisibleFocus(page, `${step} (Tab ${presses + 1})`)
    if (await isFocused(target)) return
  }
  throw new Error(`${step}: ${limit} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach the target`)
}

/** From a focused radio, presses ArrowDown until `target` is focused and checked. */
export async function arrowTo(page: Page, target: Locator, step: string, limit = 12): Promise<void> {
  for (let presses = 0; presses < limit && !((await isFocused(target)) && (await target.isChecked())); presses++) {
    await page.keyboard.press('ArrowDown')
    await expectVisibleFocus(page, `${step} (ArrowDown ${presses + 1})`)
  }
  await expect(target, step).toBeFocused()
  await expect(target, step).toBeChecked()
}
