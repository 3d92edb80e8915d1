import { atom, onMount } from 'nanostores'
import { call } from '@/shared/api'

/**
 * Whether the server runs in sandbox mode (GET /config `sandbox`): payments and texts are
 * simulated, and the Demo marker says so. Asked once per page load, when the app's root mounts
 * the marker; never again while the page lives.
 */
export const $demo = atom(false)

let asked = false
onMount($demo, () => {
  // A static build renders the marker too (and reading a store mounts it): there the page says it.
  if (asked || typeof window === 'undefined') return
  asked = true
  call('GET /config', {})
    .then((config) => $demo.set(config.sandbox === true))
    .catch(() => {
      // Without an answer the header shows no marker; the next page load asks again.
      asked = false
    })
})
