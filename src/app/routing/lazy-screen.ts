import { preloadablePart } from '@/shared/lib/lazy'

// The load error and its timeout live in shared/lib/lazy so that a screen's lazy parts fail the same way.
export { ChunkLoadError, withLoadTimeout } from '@/shared/lib/lazy'

/**
 * A screen whose code is split into its own chunk and loaded on first visit; `preload()` fetches it
 * before the app's first render, so the first commit is the screen (docs/app.md, "Start-up work").
 */
export const lazyScreen = preloadablePart
