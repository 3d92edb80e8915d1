import { lazy, type ComponentType } from 'react'
import { SCRIPT_LOAD_TIMEOUT_MS } from '@/shared/config'

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('A part of the app could not be loaded.', { cause })
    this.name = 'ChunkLoadError'
  }
}

/** Rejects with ChunkLoadError when `promise` fails or takes longer than `timeoutMs` (SPEC §9: 120 s). */
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

/** A screen whose code is split into its own chunk and loaded on first visit. */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => withLoadTimeout(load()).then((component) => ({ default: component })))
}
