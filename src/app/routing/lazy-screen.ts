import { lazyPart } from '@/shared/lib/lazy'

// The load error and its timeout live in shared/lib/lazy so that a screen's lazy parts fail the same way.
export { ChunkLoadError, withLoadTimeout } from '@/shared/lib/lazy'

/** A screen whose code is split into its own chunk and loaded on first visit. */
export const lazyScreen = lazyPart
