// A Vite plugin for the web app's build: a lazy chunk's preload list leaves out the chunks its
// importer already loaded (docs/app.md, "Start-up work").
//
// Vite wraps each dynamic import in its preload helper with the whole static closure of the chunk
// imported, and the helper appends a <link rel="modulepreload"> for every one it has not linked
// itself. The chunks the importing chunk imports statically are already loaded when its dynamic
// import runs (a module runs after its static imports), but the helper cannot know that: loading
// the app and then the menu appended ~40 links for modules already in the page, each one a DOM
// insertion and a fetch the browser then finds in its module map (~10 % of the cart's main-thread
// work before its first screen at 4× CPU). The list is trimmed here, from the bundle's own graph.

/** Every chunk `fileName` loads statically, itself included. */
export function staticClosure(bundle, fileName, seen = new Set()) {
  if (seen.has(fileName)) return seen
  seen.add(fileName)
  const chunk = bundle[fileName]
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, seen)
  return seen
}

/**
 * The chunk of the React renderer of Astro's islands: an island's component runs only after the
 * island has imported it, so whatever it loads statically is in the page too.
 */
const isIslandRenderer = (chunk) => chunk.type === 'chunk' && /@astrojs[\\/]react[\\/].*client/.test(chunk.facadeModuleId ?? '')

/** The preloads worth linking: what `deps` needs beyond what `host`, and the islands' renderer, already loaded. */
export function preloadsBeyondHost(bundle, hostId, deps) {
  if (!bundle || !bundle[hostId]) return deps
  const loaded = staticClosure(bundle, hostId)
  for (const [fileName, chunk] of Object.entries(bundle)) if (isIslandRenderer(chunk)) staticClosure(bundle, fileName, loaded)
  return deps.filter((dep) => !loaded.has(dep))
}

export function loadedPreloads() {
  let bundle
  return {
    name: 'tablefront:loaded-preloads',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return
      return { build: { modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostId }) => preloadsBeyondHost(bundle, hostId, deps) } } }
    },
    // Before Vite's own generateBundle writes the preload lists, which calls resolveDependencies.
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output
      },
    },
  }
}
