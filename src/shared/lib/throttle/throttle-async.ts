/**
 * Leading-edge throttle for async actions: a call within `windowMs` of the last one that ran
 * gets that call's promise instead of running again.
 */
export function throttleAsync<A extends unknown[], R>(action: (...args: A) => Promise<R>, windowMs: number, now = () => Date.now()) {
  let last: { at: number; key: string; promise: Promise<R> } | null = null
  return (...args: A): Promise<R> => {
    const key = JSON.stringify(args)
    const at = now()
    if (last && last.key === key && at - last.at < windowMs) return last.promise
    const promise = action(...args)
    last = { at, key, promise }
    return promise
  }
}
