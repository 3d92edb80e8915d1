// @vitest-environment happy-dom
import { act, Component, Suspense, useEffect, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, preloadablePart } from './lazy'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement
let root: Root
function mount() {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
}
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
})

/** Records every commit of the Suspense fallback, so a test sees a skeleton that was shown only for a frame. */
function Fallback({ shown }: { shown: () => void }) {
  useEffect(shown, [shown])
  return <p>Loading</p>
}

class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {}
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    if (this.state.error) return <p role="alert">{this.state.error instanceof ChunkLoadError ? 'could not be loaded' : 'crashed'}</p>
    return this.props.children
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((yes) => {
    resolve = yes
  })
  return { promise, resolve }
}

describe('preloadablePart when rendered (docs/app.md, "Start-up work")', () => {
  it('renders a preloaded part in the first commit, without its Suspense fallback', async () => {
    const Dish = ({ name }: { name: string }) => <h1>{name}</h1>
    const Part = preloadablePart(() => Promise.resolve(Dish))
    await Part.preload()
    const shown = vi.fn()
    mount()
    act(() =>
      root.render(
        <Suspense fallback={<Fallback shown={shown} />}>
          <Part name="Smash burger" />
        </Suspense>,
      ),
    )
    expect(host.querySelector('h1')?.textContent).toBe('Smash burger')
    expect(shown).not.toHaveBeenCalled()
  })

  it('shows the fallback while the chunk loads, then the part, mounted once', async () => {
    const load = deferred<(props: { name: string }) => ReactNode>()
    const mounted = vi.fn()
    function Dish({ name }: { name: string }) {
      useEffect(mounted, [])
      return <h1>{name}</h1>
    }
    const Part = preloadablePart(() => load.promise)
    const shown = vi.fn()
    mount()
    const tree = (name: string) => (
      <Suspense fallback={<Fallback shown={shown} />}>
        <Part name={name} />
      </Suspense>
    )
    await act(async () => root.render(tree('Smash burger')))
    expect(host.textContent).toBe('Loading')
    await act(async () => load.resolve(Dish))
    expect(host.querySelector('h1')?.textContent).toBe('Smash burger')
    // A new render after the chunk arrived keeps the component the part mounted with: no remount.
    await act(async () => root.render(tree('Fries')))
    expect(host.querySelector('h1')?.textContent).toBe('Fries')
    expect(mounted).toHaveBeenCalledTimes(1)
    expect(shown).toHaveBeenCalledTimes(1)
  })

  it('imports again when rendered after a failed preload, and shows a failed chunk as a load error', async () => {
    const Dish = () => <h1>Smash burger</h1>
    const load = vi.fn<() => Promise<typeof Dish>>().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    const Part = preloadablePart(load)
    await expect(Part.preload()).rejects.toBeInstanceOf(TypeError)
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mount()
    await act(async () =>
      root.render(
        <Boundary>
          <Suspense fallback={<p>Loading</p>}>
            <Part />
          </Suspense>
        </Boundary>,
      ),
    )
    quiet.mockRestore()
    // The screen's boundary offers Retry, which reloads the page (app/gates/ScreenErrorBoundary).
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('could not be loaded')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
