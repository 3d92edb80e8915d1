import { createElement, lazy, useState, type ComponentType } from 'react'
import { SCRIPT_LOAD_TIMEOUT_MS } from '@/shared/config'

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('A part of the app could not be loaded.', { cause })
    this.name = 'ChunkLoadError'
  }
}

/** Rejects with ChunkLoadError when `promise` fails or takes longer than `timeoutMs` (120 s: docs/decisions.md, "A failed entry chunk"). */
export function withLoadTimeout<T>(promise: Promise<T>, timeoutMs = SCRIPT_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(new ChunkLoadError(error))
      },
    )
  })
}

/**
 * A component whose code is its own chunk, loaded when first rendered (under a Suspense that
 * shows its skeleton); a failed load is a ChunkLoadError, which the screen's boundary shows
 * as "could not be loaded" with Retry.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => withLoadTimeout(load()).then((component) => ({ default: component })))
}

/**
 * A lazyPart that can also be fetched ahead of its first render (`preload()`), e.g. once the
 * screen is idle: a dialog kept off the first load still opens at once (docs/app.md, "Start-up
 * work"). A failed preload is forgotten, so the render tries again.
 *
 * A part whose chunk has already arrived renders at once: React's `lazy` suspends once even on a
 * settled import, which made the app's start commit its Suspense fallback before the screen. A
 * part that mounted while its chunk was loading keeps the lazy component it mounted with, so the
 * arrival of the chunk never remounts it.
 */
export function preloadablePart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined
  let loaded: ComponentType<P> | undefined
  const once = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazyPart(once)
  function PreloadablePart(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>))
    return createElement(Component, props)
  }
  return Object.assign(PreloadablePart, { preload: once })
}

/**
 * Runs `task` when the main thread is idle (at the latest after `timeoutMs`), so work the first
 * screen does not need waits until it is shown; returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}
