/**
 * The new-order chime (docs/kitchen.md "The screen"): two short sine notes made with Web Audio, no
 * file to fetch. Browsers only let a page make sound after a gesture on it, so the context is made
 * (or resumed) on the first tap or key press; until then a chime is skipped, and the screen's
 * visible alert still shows.
 */
let context: AudioContext | null = null

/** Call from a user gesture (the first tap anywhere on the screen): makes sound possible. */
export function unlockChime(): void {
  try {
    context ??= new AudioContext()
    if (context.state === 'suspended') void context.resume()
  } catch {
    context = null
  }
}

export const chimeReady = () => context !== null && context.state === 'running'

/** Plays the chime when sound is unlocked; does nothing otherwise. */
export function playChime(): void {
  if (!context || context.state !== 'running') return
  const start = context.currentTime
  for (const [offset, frequency] of [
    [0, 880],
    [0.16, 1318.5],
  ] as const) {
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.value = frequency
    gain.gain.setValueAtTime(0.0001, start + offset)
    gain.gain.exponentialRampToValueAtTime(0.35, start + offset + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.35)
    oscillator.connect(gain).connect(context.destination)
    oscillator.start(start + offset)
    oscillator.stop(start + offset + 0.4)
  }
}

/** The mute switch, kept on this tablet: a preference, nothing secret, so plain localStorage. */
const MUTED_KEY = 'tf.kitchenMuted'

export function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === '1'
  } catch {
    return false
  }
}

export function storeMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(MUTED_KEY, '1')
    else localStorage.removeItem(MUTED_KEY)
  } catch {
    // Private mode: the switch still works for this visit.
  }
}
