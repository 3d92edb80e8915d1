export { ChunkLoadError, lazyPart, preloadablePart, whenIdle, withLoadTimeout } from './lazy'
