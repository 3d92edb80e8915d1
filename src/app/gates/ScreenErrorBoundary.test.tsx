// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { ChunkLoadError } from '../routing/lazy-screen'
import { ScreenErrorBoundary } from './ScreenErrorBoundary'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement
let root: Root
beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  // React reports a caught render error on the console, and so does the boundary: not this test's output.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
  vi.restoreAllMocks()
})

function Crashing({ error }: { error: Error }): never {
  throw error
}

const actions = () => [...host.querySelectorAll('button, a')].map((node) => `${node.tagName.toLowerCase()} ${node.textContent}${node.getAttribute('href') ? ` ${node.getAttribute('href')}` : ''}`)

it('shows a screen that crashed as an error with Reload and a way to all restaurants, and the next route renders again', async () => {
  await act(async () =>
    root.render(
      <ScreenErrorBoundary resetKey="/restaurant/a/menu/pickup">
        <Crashing error={new TypeError('x is undefined')} />
      </ScreenErrorBoundary>,
    ),
  )
  expect(host.querySelector('h1')?.textContent).toBe('Something went wrong !')
  expect(actions()).toEqual(['button Reload', 'a All restaurants /'])

  await act(async () =>
    root.render(
      <ScreenErrorBoundary resetKey="/">
        <p>Restaurants near you</p>
      </ScreenErrorBoundary>,
    ),
  )
  expect(host.textContent).toBe('Restaurants near you')
})

it('shows a screen whose code did not load as a load error with Retry and the same way out', async () => {
  await act(async () =>
    root.render(
      <ScreenErrorBoundary resetKey="/waitlist">
        <Crashing error={new ChunkLoadError(new Error('Failed to fetch dynamically imported module'))} />
      </ScreenErrorBoundary>,
    ),
  )
  expect(host.querySelector('h1')?.textContent).toBe('This page could not be loaded')
  expect(host.querySelector('p')?.textContent).toBe('Check your connection, then try again.')
  expect(actions()).toEqual(['button Retry', 'a All restaurants /'])
})
