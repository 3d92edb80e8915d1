import { createParser } from 'eventsource-parser'
import { API_BASE } from '@/shared/config'
import { authHeaders } from './client'

export type StreamOptions = {
  /** Sign the request with the signed-in customer's token (EventSource cannot send headers; fetch can). */
  auth?: boolean
  /** Headers of its own (a staff stream's staff token: docs/staff.md "Sessions"), sent instead of the customer's. */
  headers?: Record<string, string>
  onEvent: (event: { event: string; data: string }) => void
  /**
   * The stream ended or could not be opened: `status` is the HTTP status when the server answered
   * with something other than a stream, else null (a network failure or the end of the stream).
   */
  onClosed: (status: number | null) => void
}

/**
 * Reads Server-Sent Events over fetch, so a signed-in call carries its access token. Returns the
 * stop; after it, no callback runs.
 */
export function openEventStream(path: string, { auth = false, headers, onEvent, onClosed }: StreamOptions, fetchImpl: typeof fetch = fetch): () => void {
  const controller = new AbortController()
  let closed = false
  const close = (status: number | null) => {
    if (closed || controller.signal.aborted) return
    closed = true
    onClosed(status)
  }

  void (async () => {
    try {
      const response = await fetchImpl(`${API_BASE}${path}`, {
        headers: { Accept: 'text/event-stream', ...(auth ? authHeaders() : {}), ...headers },
        signal: controller.signal,
      })
      if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
        close(response.status)
        return
      }
      const parser = createParser({
        onEvent: (message) => {
          if (!controller.signal.aborted) onEvent({ event: message.event ?? 'message', data: message.data })
        },
      })
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        parser.feed(value)
      }
      close(null)
    } catch (error) {
      if (!controller.signal.aborted) console.error('The event stream failed', error)
      close(null)
    }
  })()

  return () => controller.abort()
}
