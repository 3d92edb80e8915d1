export { ChunkLoadError, lazyPart, withLoadTimeout } from './lazy'
