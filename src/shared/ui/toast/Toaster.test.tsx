// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { setToastFootBar, Toaster } from './Toaster'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const region = () => document.querySelector<HTMLElement>('[aria-label="Notifications"]')!
const footBar = () => region().style.getPropertyValue('--tf-bottom-bar')

describe('the foot bar the toasts rise above (docs/menu.md "Toasts and the cart bar")', () => {
  it('is set on the toasts\' region only, follows the bar, goes with it, and reaches a region mounted later', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    await act(async () => root.render(<Toaster />))
    setToastFootBar(64)
    expect(footBar()).toBe('64px')
    // Not on <html>: there every element would inherit it and be restyled.
    expect(document.documentElement.style.getPropertyValue('--tf-bottom-bar')).toBe('')
    setToastFootBar(80)
    expect(footBar()).toBe('80px')
    setToastFootBar(null)
    expect(footBar()).toBe('')

    await act(async () => root.unmount())
    setToastFootBar(72)
    const again = createRoot(host)
    await act(async () => again.render(<Toaster />))
    expect(footBar()).toBe('72px')
    setToastFootBar(null)
    await act(async () => again.unmount())
    host.remove()
  })
})
