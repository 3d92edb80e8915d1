export type Throttled<A extends unknown[], R> = {
  /** Runs the action unless it already ran within the window; undefined when dropped. */
  (...args: A): R | undefined
  /** Opens the window again, e.g. after a failure the diner wants to correct at once. */
  release(): void
}

/** Throttle windows (docs/app.md, "Throttles"): the first call runs, further calls within `windowMs` are dropped. */
export function throttle<A extends unknown[], R>(action: (...args: A) => R, windowMs: number, now: () => number = Date.now): Throttled<A, R> {
  let lastRun: number | undefined
  const throttled = (...args: A): R | undefined => {
    const time = now()
    if (lastRun !== undefined && time - lastRun < windowMs) return undefined
    lastRun = time
    return action(...args)
  }
  throttled.release = () => {
    lastRun = undefined
  }
  return throttled
}
