import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureAuth } from './client'
import { openEventStream } from './event-stream'

function streamOf(chunks: string[], status = 200, contentType = 'text/event-stream') {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    },
  })
  return new Response(body, { status, headers: { 'content-type': contentType } })
}

afterEach(() => configureAuth(undefined))

describe('openEventStream', () => {
  it('parses events split across chunks, skips comments, and signs the call when asked', async () => {
    configureAuth({ headers: () => ({ Authorization: 'Bearer t1' }), refresh: async () => false })
    const fetchMock = vi.fn(async () => streamOf(['event: reservation\ndata: {"a"', ':1}\n\n: heartbeat\n\n', 'event: reservation\ndata: {"a":2}\n\n']))
    const events: { event: string; data: string }[] = []
    const closed = new Promise<number | null>((resolve) => openEventStream('/x/events', { auth: true, onEvent: (e) => events.push(e), onClosed: resolve }, fetchMock))
    expect(await closed).toBeNull()
    expect(events).toEqual([
      { event: 'reservation', data: '{"a":1}' },
      { event: 'reservation', data: '{"a":2}' },
    ])
    expect(fetchMock).toHaveBeenCalledWith('/api/x/events', expect.objectContaining({ headers: { Accept: 'text/event-stream', Authorization: 'Bearer t1' } }))
  })

  it('reports the status of an answer that is not a stream, and sends no token unless asked', async () => {
    configureAuth({ headers: () => ({ Authorization: 'Bearer t1' }), refresh: async () => false })
    const fetchMock = vi.fn(async () => streamOf(['{"status":404}'], 404, 'application/json'))
    const status = await new Promise<number | null>((resolve) => openEventStream('/x/events', { onEvent: () => {}, onClosed: resolve }, fetchMock))
    expect(status).toBe(404)
    expect(fetchMock).toHaveBeenCalledWith('/api/x/events', expect.objectContaining({ headers: { Accept: 'text/event-stream' } }))
  })

  it('calls nothing after it is stopped', async () => {
    let release: () => void = () => {}
    const fetchMock = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          release = () => resolve(streamOf(['event: reservation\ndata: 1\n\n']))
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    )
    const onEvent = vi.fn()
    const onClosed = vi.fn()
    const stop = openEventStream('/x/events', { onEvent, onClosed }, fetchMock as unknown as typeof fetch)
    stop()
    release()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(onEvent).not.toHaveBeenCalled()
    expect(onClosed).not.toHaveBeenCalled()
  })
})
