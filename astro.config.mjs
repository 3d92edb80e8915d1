import react from '@astrojs/react'
import { defineConfig } from 'astro/config'
import { loadedPreloads } from './scripts/loaded-preloads.mjs'

const apiTarget = process.env.API_URL ?? 'http://localhost:4322'

export default defineConfig({
  output: 'static',
  // A separate cache per output folder lets several builds run side by side.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  integrations: [react()],
  build: { format: 'directory' },
  server: { port: 4321 },
  vite: {
    // A lazy chunk preloads only what its importer has not loaded (scripts/loaded-preloads.mjs).
    plugins: [loadedPreloads()],
    // `npm run dev`: Astro serves the pages, the API runs on its own port.
    server: { proxy: { '/api': apiTarget } },
  },
})
