import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptPayload } from '../lib/cipher'
import { BODY_LIMITS, bodyLimitFor } from '../app'
import { createTestApp, type TestApp } from './harness'

const MB = 1024 * 1024

let t: TestApp
let server: ServerType
let port: number
beforeAll(async () => {
  t = await createTestApp()
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port
      resolve()
    })
  })
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

type Upload = {
  /** The status line and body of the server's answer, once it came. */
  answer: Promise<{ status: number; body: string; at: number }>
  /** Bytes of the body written so far. */
  sent: () => number
  /** Resolves when the server closed the connection. */
  closed: Promise<void>
  socket: Socket
}

/**
 * A POST over a raw socket, so the test decides how much of the body is ever sent: the headers
 * announce `declared` bytes (or chunked when undefined), then `send` writes pieces on demand.
 */
function upload(path: string, declared: number | undefined): Upload & { write: (bytes: Buffer) => Promise<boolean> } {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  let sent = 0
  let raw = ''
  const answer = new Promise<{ status: number; body: string; at: number }>((resolve) => {
    socket.on('data', (chunk) => {
      raw += chunk.toString('latin1')
      const end = raw.indexOf('\r\n\r\n')
      if (end < 0) return
      const length = Number(/content-length: (\d+)/i.exec(raw.slice(0, end))?.[1] ?? 0)
      if (raw.length >= end + 4 + length) resolve({ status: Number(raw.slice(9, 12)), body: raw.slice(end + 4, end + 4 + length), at: Date.now() })
    })
  })
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  const framing = declared === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${declared}`
  socket.write(`POST /api${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`)
  const write = (bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed) return resolve(false)
      const piece = declared === undefined ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes
      socket.write(piece, (error) => {
        if (!error) sent += bytes.length
        resolve(!error)
      })
    })
  return { answer, sent: () => sent, closed, socket, write }
}

const health = async () => {
  const started = Date.now()
  const response = await fetch(`http://127.0.0.1:${port}/api/health`)
  await response.text()
  return { status: response.status, ms: Date.now() - started }
}

describe('request bodies past the route’s limit are refused with 413 payload_too_large, unread', () => {
  it('a 50 MB body is refused from its Content-Length after 64 KB of it arrived, and the connection is closed instead of read', async () => {
    const started = Date.now()
    const request = upload('/customer/findMerchant/v2', 50 * MB)
    await request.write(Buffer.alloc(64 * 1024, 'a'))
    const answer = await request.answer
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'payload_too_large' })
    // Answered with 64 KB of the 50 MB sent: decided from the Content-Length, not by reading.
    expect(request.sent()).toBe(64 * 1024)
    // Keep sending: the server throws the rest away for a moment, then hangs up long before 50 MB.
    const piece = Buffer.alloc(MB, 'a')
    while (request.sent() < 50 * MB && (await request.write(piece))) await new Promise((resolve) => setImmediate(resolve))
    await request.closed
    console.info(`50 MB body: 413 after ${answer.at - started} ms with 64 KB sent; connection closed after ${(request.sent() / MB).toFixed(1)} MB`)
    expect(request.sent()).toBeLessThan(50 * MB)
  })

  it('four 40 MB valid ciphertexts at once are each refused from their headers with 1 MB of each sent, and /api/health answers meanwhile', async () => {
    // A real ciphertext of a 30 MB cart comment: what the issue sent, four times at once.
    const ciphertext = Buffer.from(JSON.stringify({ data: encryptPayload({ comment: 'x'.repeat(30 * MB) }, t.env.PAYLOAD_KEY) }))
    expect(ciphertext.length).toBeGreaterThan(40 * MB)
    const rssBefore = process.memoryUsage().rss
    const started = Date.now()
    const uploads = Array.from({ length: 4 }, () => upload('/order/customer/createOrder', ciphertext.length))
    await Promise.all(uploads.map((request) => request.write(ciphertext.subarray(0, MB))))
    const during = await health()
    const answers = await Promise.all(uploads.map((request) => request.answer))
    for (const answer of answers) {
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' })
    }
    // The proof is that all four answers above arrived while only the first megabyte of each had been
    // sent: the server decided from the headers, not by reading 40 MB.
    console.info(`4 × 40 MB: 413 after ${answers.map((answer) => answer.at - started).join(', ')} ms; /api/health meanwhile ${during.ms} ms; RSS +${((process.memoryUsage().rss - rssBefore) / MB).toFixed(1)} MB`)
    expect(during.status).toBe(200)
    // Nothing of the 160 MB was kept: the server never had more than the first megabyte of each.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * MB)
    uploads.forEach((request) => request.socket.destroy())
  })

  it('a streamed (chunked) body is refused as soon as it passes the limit, not when it ends', async () => {
    const request = upload('/order/customer/createOrder', undefined)
    const piece = Buffer.alloc(64 * 1024, 'a')
    let answered = false
    void request.answer.then(() => (answered = true))
    while (!answered && request.sent() < 16 * MB) {
      if (!(await request.write(piece))) break
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const answer = await request.answer
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large' })
    console.info(`chunked body: 413 after ${(request.sent() / 1024).toFixed(0)} KB sent (limit ${BODY_LIMITS.cart / 1024} KB)`)
    expect(request.sent()).toBeGreaterThan(BODY_LIMITS.cart)
    // Answered while the body was still coming: within a few pieces of the limit, not at 16 MB.
    expect(request.sent()).toBeLessThan(BODY_LIMITS.cart + 4 * MB)
    request.socket.destroy()
  })
})

describe('the limits fit the largest legitimate body of each route', () => {
  const uuid = '0b6f5a2e-4d1c-4c7e-9a51-3f2b8d1e6c90'
  // The contracts' maximum: 100 lines of 50 options, 300-character comments in 3-byte characters, every text field full.
  const fullCart = {
    locationId: uuid,
    orderTypeCode: 'delivery',
    items: Array.from({ length: 100 }, () => ({
      itemId: uuid,
      quantity: 99,
      options: Array.from({ length: 50 }, () => ({ modifierOptionId: uuid, quantity: 99 })),
      comment: '€'.repeat(300),
    })),
    tip: { tipType: 'FLATFEE', value: 10_000_000 },
    couponCode: 'W'.repeat(40),
    walletAmount: 10_000_000,
    guest: { fullName: '€'.repeat(100), phone: '+123456789012345', email: `${'a'.repeat(240)}@example.com` },
    orderInstruction: '€'.repeat(500),
    deliveryInstruction: '€'.repeat(500),
    deliveryAddress: { addressLine1: '€'.repeat(200), addressLine2: '€'.repeat(200), addressLine3: '€'.repeat(200) },
  }
  const encrypted = (payload: unknown) => JSON.stringify({ data: encryptPayload(payload, t.env.PAYLOAD_KEY) })

  it('a full cart (100 lines of 50 options, encrypted) is read by every cart route; one byte over the limit is not', async () => {
    const body = encrypted(fullCart)
    expect(Buffer.byteLength(body)).toBeGreaterThan(600 * 1024)
    expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMITS.cart)
    for (const path of ['/order/customer/totals', '/merchants/cartItems', '/order/customer/createOrder']) {
      expect(bodyLimitFor(path)).toBe(BODY_LIMITS.cart)
      const read = await t.postRaw(path, body)
      expect(read.status, path).not.toBe(413)
      expect((read.body as { code?: string }).code, path).not.toBe('payload_too_large')
    }
    const over = await t.postRaw('/order/customer/totals', `${body}${' '.repeat(BODY_LIMITS.cart + 1 - Buffer.byteLength(body))}`)
    expect(over.status).toBe(413)
    expect(over.body).toMatchObject({ status: 413, code: 'payload_too_large' })
  })

  it('feedback with 50 answers of 1,000 characters is read; any other route refuses a body over 64 KB', async () => {
    const feedback = encrypted({ orderId: uuid, answers: Array.from({ length: 50 }, () => ({ questionId: uuid, text: '€'.repeat(1000) })), comment: '€'.repeat(1000) })
    expect(Buffer.byteLength(feedback)).toBeLessThan(BODY_LIMITS.feedback)
    expect((await t.postRaw('/customer/feedback/v2', feedback)).status).not.toBe(413)
    const big = JSON.stringify({ slug: 'x'.repeat(BODY_LIMITS.other) })
    const refused = await t.postRaw('/merchants/locations/slug', big)
    expect(refused.status).toBe(413)
    expect(refused.body).toMatchObject({ code: 'payload_too_large' })
    expect(t.errors).toEqual([])
  })
})
