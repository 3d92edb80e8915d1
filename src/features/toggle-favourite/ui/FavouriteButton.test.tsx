// @vitest-environment happy-dom
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { $session, $toLocationAfterAuth } from '@/entities/session'
import { call } from '@/shared/api'
import { $router } from '@/shared/routes'
import { FavouriteButton } from './FavouriteButton'

vi.mock('@/shared/api', async (original) => ({
  ...(await original<typeof import('@/shared/api')>()),
  call: vi.fn(),
}))

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement
let root: Root

async function render(node: ReactNode) {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  await act(async () => root.render(node))
}

const heart = () => host.querySelector('button')!
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
const buttonIn = (element: Element, name: string) =>
  [...element.querySelectorAll('button')].find((button) => button.textContent === name)!

beforeEach(() => {
  $session.set({ status: 'guest' })
  $toLocationAfterAuth.set('/')
  window.history.replaceState(null, '', '/restaurant/olive-tree-soma/menu/pickup')
  $router.open('/restaurant/olive-tree-soma/menu/pickup', true)
})
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
  vi.mocked(call).mockReset()
})

describe('FavouriteButton for a guest', () => {
  it('asks to sign in in a labelled modal dialog, and Sign in goes to /signin, coming back here after', async () => {
    await render(<FavouriteButton target={{ kind: 'restaurant', locationId: 'loc-1' }} name="Olive Tree" />)
    expect(heart().getAttribute('aria-label')).toBe('Save Olive Tree to favorites')
    expect(heart().getAttribute('aria-pressed')).toBe('false')
    expect(call).not.toHaveBeenCalled()

    await act(async () => heart().click())
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 5_000 })
    const prompt = dialog()!
    expect(prompt.getAttribute('aria-modal')).toBe('true')
    const title = document.getElementById(prompt.getAttribute('aria-labelledby')!)!
    expect(title.textContent).toBe('Sign in to save your favorites')
    expect(title.tagName).toBe('H2')

    await act(async () => buttonIn(prompt, 'Sign in').click())
    expect($router.get()?.route).toBe('signIn')
    expect($toLocationAfterAuth.get()).toBe('/restaurant/olive-tree-soma/menu/pickup')
  })

  it('"Not now" closes the dialog and gives focus back to the heart', async () => {
    await render(<FavouriteButton target={{ kind: 'item', itemId: 'i-1', locationId: 'loc-1' }} name="Margherita" />)
    heart().focus()
    await act(async () => heart().click())
    await vi.waitFor(() => expect(dialog()).not.toBeNull(), { timeout: 5_000 })
    await act(async () => buttonIn(dialog()!, 'Not now').click())
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(heart())
    expect($router.get()?.route).toBe('menuType')
  })
})

describe('FavouriteButton for a signed-in customer', () => {
  beforeEach(() => {
    $session.set({ status: 'signedIn', userId: 'asha', accessToken: 'token', refreshToken: '', user: null })
  })

  it('shows the saved state it loaded, and toggles it with the accessible name following', async () => {
    const saved = {
      restaurants: [],
      items: [{ itemId: 'i-1', locationId: 'loc-9', name: 'Margherita', slug: 'margherita', price: 1, currency: 'USD', merchantType: 'restaurant', locationSlug: 'x' }],
    }
    vi.mocked(call).mockImplementation(async (name) => (name === 'GET /favourites' ? saved : { removed: true }) as never)
    await render(<FavouriteButton target={{ kind: 'item', itemId: 'i-1', locationId: 'loc-9' }} name="Margherita" />)
    await act(async () => {})
    expect(call).toHaveBeenCalledWith('GET /favourites', {
      query: { customerId: 'asha', locationId: 'loc-9' },
      headers: { Authorization: 'Bearer token' },
    })
    expect(heart().getAttribute('aria-pressed')).toBe('true')
    expect(heart().getAttribute('aria-label')).toBe('Remove Margherita from favorites')

    await act(async () => heart().click())
    expect(call).toHaveBeenCalledWith('DELETE /favourites', {
      body: { customerId: 'asha', locationId: 'loc-9', itemId: 'i-1' },
      headers: { Authorization: 'Bearer token' },
    })
    expect(heart().getAttribute('aria-pressed')).toBe('false')
    expect(heart().getAttribute('aria-label')).toBe('Save Margherita to favorites')
    expect(dialog()).toBeNull()
  })
})
