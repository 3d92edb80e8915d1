import { map } from 'nanostores'

/** docs/app.md, "Request state": loading, then success or failure with a message; clear and reset. */
export type RequestState<T> = {
  loading: boolean
  success: boolean
  data: T | undefined
  error: string | undefined
}

export function createRequestState<T>(initialData?: T) {
  const initial: RequestState<T> = { loading: false, success: false, data: initialData, error: undefined }
  const $state = map<RequestState<T>>({ ...initial })
  let generation = 0

  return {
    $state,
    /** Runs `task`; a newer run makes an older one's outcome stale and ignored. */
    async run(task: () => Promise<T>, failureMessage: (error: unknown) => string): Promise<T | undefined> {
      const mine = ++generation
      $state.set({ ...$state.get(), loading: true, success: false, error: undefined })
      try {
        const data = await task()
        if (mine === generation) $state.set({ loading: false, success: true, data, error: undefined })
        return data
      } catch (error) {
        if (mine === generation) {
          $state.set({ ...$state.get(), loading: false, success: false, error: failureMessage(error) })
        }
        return undefined
      }
    },
    /** Forgets the outcome and the message, keeping the data. */
    clear() {
      $state.set({ ...$state.get(), loading: false, success: false, error: undefined })
    },
    reset() {
      generation++
      $state.set({ ...initial })
    },
  }
}
