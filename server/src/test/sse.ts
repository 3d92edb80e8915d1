/** Reads one kind of Server-Sent Event (`event: <name>`) at a time from a streamed response, as JSON. */
export function sseEvents<T>(response: Response, name: string) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  return {
    /** Stops reading: the server sees the client leave. */
    cancel: () => reader.cancel(),
    /** The next such event, or null when the stream ends; rejects when none comes within `timeoutMs`. */
    async next(timeoutMs = 5000): Promise<T | null> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (data && block.split('\n').includes(`event: ${name}`)) return JSON.parse(data.slice(6)) as T
          continue
        }
        let timer: NodeJS.Timeout | undefined
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no ${name} event within ${timeoutMs} ms`)), Math.max(1, deadline - Date.now()))
          }),
        ]).finally(() => clearTimeout(timer))
        if (chunk.done) return null
        buffer += decoder.decode(chunk.value, { stream: true })
      }
    },
  }
}
