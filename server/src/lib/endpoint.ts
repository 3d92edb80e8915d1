import { createHash } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import {
  cacheOf,
  errorBody,
  errorCodesOf,
  methodAndPath,
  statusesOf,
  type EndpointSpec,
} from '@/shared/api/contracts/endpoint'
import { endpoints, type EndpointName, type Endpoints } from '@/shared/api/contracts/endpoints'
import type { AppDeps } from '../deps'
import { optionalCustomer, requireCustomer, type CallerVariables, type CustomerVariables } from '../modules/auth/tokens'
import { requireStaff, requireStaffSession, type StaffVariables } from '../modules/staff/guard'
import { decryptPayload } from './cipher'
import { ApiError } from './errors'
import { noStore } from './http'
import { describeIssues, readEncrypted, readJson, sendEncrypted, validate } from './wire'

/**
 * Mounts routes from the endpoint map (src/shared/api/contracts/endpoints.ts; docs/api.md, "The
 * endpoint map"): the entry's auth guard, no-store, then params, query and body validated with
 * the same 400s as every hand-written route (before the route's own middleware, such as
 * idempotency's), and the answer sent on the entry's wire. Under the
 * tests (TABLEFRONT_CHECK_RESPONSES=1, set in vitest.config.ts) every answer is checked against
 * the entry's response schema and every refusal's code against its error codes, so the map
 * cannot drift from what the server sends.
 */
export const CHECK_RESPONSES_VARIABLE = 'TABLEFRONT_CHECK_RESPONSES'

type Field<E, F extends string> = E extends { readonly [P in F]: infer S } ? S : undefined
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** What the handler of `K` gets, validated. */
export type InputOf<K extends EndpointName> = {
  params: Parsed<Field<Endpoints[K], 'params'>>
  query: Parsed<Field<Endpoints[K], 'query'>>
  body: Parsed<Field<Endpoints[K], 'body'>>
}

type VariablesOf<A> = A extends 'customer'
  ? CustomerVariables
  : A extends 'optional' | 'guest-or-customer'
    ? CallerVariables
    : A extends 'staff' | 'staff-self'
      ? StaffVariables
      : object

/** `V`: what middleware mounted with the route (`mount`'s `use`) sets, such as idempotency's `tx`. */
export type EndpointContext<K extends EndpointName, V extends object = object> = Context<{ Variables: VariablesOf<Endpoints[K]['auth']> & V }>

/** The context variable holding the validated input, from `mount`'s validation to `use` and the handler. */
const INPUT = 'endpointInput' as never

/** The validated input of `K`'s request. */
const inputOf = <K extends EndpointName>(c: Context): InputOf<K> => c.get(INPUT) as InputOf<K>

const REPLY = Symbol('reply')
type Reply<B> = { readonly [REPLY]: true; body: B; status: number }
/** An answer with another status the entry lists (201 against 200, 503 of a health probe). */
export const reply = <B>(body: B, status: number): Reply<B> => ({ [REPLY]: true, body, status })
const isReply = (value: unknown): value is Reply<unknown> => typeof value === 'object' && value !== null && REPLY in value

type BodyOf<K extends EndpointName> = z.input<Endpoints[K]['response']>
/** The body (sent with the entry's first status), a `reply`, or a Response already made (ETag reads). */
export type Answer<K extends EndpointName> = BodyOf<K> | Reply<BodyOf<K>> | Response

export type Handler<K extends EndpointName, V extends object = object> = (c: EndpointContext<K, V>, input: InputOf<K>) => Answer<K> | Promise<Answer<K>>

/**
 * A router of map entries: `endpointRouter(deps).mount('GET /favourites', handler)…router`,
 * mounted by app.ts like any other module's routes.
 */
export function endpointRouter({ db, env }: Pick<AppDeps, 'db' | 'env'>) {
  const router = new Hono()
  const check = process.env[CHECK_RESPONSES_VARIABLE] === '1'
  const passphrase = env.PAYLOAD_KEY
  const guards = new Map<string, MiddlewareHandler>()

  function guardOf(spec: EndpointSpec, key: string): MiddlewareHandler[] {
    const { auth } = spec
    if (auth === 'none') return []
    // One guard per auth and set of staff roles.
    const guardKey = auth === 'staff' ? `staff:${[...(spec.roles ?? [])].sort().join(',')}` : auth
    let guard = guards.get(guardKey)
    if (!guard) {
      if (auth === 'customer') guard = requireCustomer(env.TOKEN_SECRET, db) as unknown as MiddlewareHandler
      else if (auth === 'optional') guard = optionalCustomer(env.TOKEN_SECRET, db) as unknown as MiddlewareHandler
      else if (auth === 'staff') guard = requireStaff(db, spec.roles) as unknown as MiddlewareHandler
      else if (auth === 'staff-self') guard = requireStaffSession(db) as unknown as MiddlewareHandler
      // The first module with such routes adds its guard here (docs/decisions.md, the conversion recipe).
      else throw new Error(`${key}: endpoint.ts has no guard for auth '${auth}' yet`)
      guards.set(guardKey, guard)
    }
    return [guard]
  }

  const api = {
    router,
    /** `use`: middleware run after the guard, no-store and validation, before the handler (idempotency: docs/operations.md). */
    mount<K extends EndpointName, V extends object = object>(key: K, handler: Handler<K, V>, use: MiddlewareHandler<{ Variables: V }>[] = []) {
      const spec: EndpointSpec = endpoints[key]
      const { method, path } = methodAndPath(key)
      const codes = new Set(errorCodesOf(spec))
      // A refusal's code must be one the entry lists (under the tests).
      const listed = (error: unknown) => {
        if (check && error instanceof ApiError && !codes.has(error.code)) {
          return mismatch(`${key} refused with code ${error.code}, which its map entry does not list (errors: ${[...codes].join(', ')})`)
        }
        return error
      }
      const validated: MiddlewareHandler = async (c, next) => {
        let input: unknown
        try {
          input = {
            params: spec.params ? validate(spec.params, c.req.param()) : undefined,
            query: spec.query ? validate(spec.query, c.req.query()) : undefined,
            body: spec.body ? await (spec.wire === 'encrypted' ? readEncrypted(c, spec.body, passphrase) : readJson(c, spec.body)) : undefined,
          }
        } catch (error) {
          throw listed(error)
        }
        // Validated before `use`: a refused request never opens idempotency's transaction (docs/operations.md "Idempotency-Key").
        c.set(INPUT, input)
        await next()
      }
      const before = [...guardOf(spec, key), ...(cacheOf(spec) === 'no-store' ? [noStore] : []), validated, ...(use as MiddlewareHandler[])]
      const handle: MiddlewareHandler = async (c) => {
        try {
          const input = inputOf<K>(c)
          const answer: unknown = await handler(c as unknown as EndpointContext<K, V>, input)
          if (answer instanceof Response) {
            if (check) await checkAnswer(key, spec, answer, passphrase, codes)
            return answer
          }
          const { body, status } = bodyAndStatus(spec, answer)
          // The value's JSON, as the client reads it (a Date as its string): what send() seals or sends is that JSON, so no
          // cloning and decrypting the answer back.
          if (check) {
            const text = JSON.stringify(body) ?? ''
            checkBody(key, spec, status, text, () => JSON.parse(text))
          }
          return send(c, spec, body, status, passphrase)
        } catch (error) {
          throw listed(error)
        }
      }
      router.on(method, [path], ...before, handle)
      return api
    },
  }
  return api
}

function bodyAndStatus(spec: EndpointSpec, answer: unknown): { body: unknown; status: number } {
  if (spec.wire === 'binary') throw new Error('A binary route answers with a Response its handler makes')
  return isReply(answer) ? answer : { body: answer, status: statusesOf(spec)[0]! }
}

function send(c: Context, spec: EndpointSpec, body: unknown, status: number, passphrase: string): Response {
  if (spec.wire === 'encrypted') return sendEncrypted(c, body, passphrase, status as 200 | 201)
  if (spec.wire === 'text') return c.text(body as string, status as 200, { 'Content-Type': 'text/plain; charset=utf-8' })
  return c.json(body as object, status as 200)
}

function mismatch(message: string): Error {
  // Loud on purpose: the test that made this call fails with a 500, and the log says why.
  console.error(`Endpoint map mismatch: ${message}`)
  return new Error(`Endpoint map mismatch: ${message}`)
}

/** Answers already found to match their schema, by route, status and a hash of the bytes sent (a test process's worth). */
const checked = new Set<string>()
const CHECKED_LIMIT = 10_000

/**
 * A body sent with one of the entry's statuses against its response schema; `value` reads it. `text`
 * is its JSON, or a public read's ciphertext, which that read's cache reuses: the same text for the
 * same route and status gets the same verdict, so a menu read again is not parsed again.
 */
function checkBody(key: string, spec: EndpointSpec, status: number, text: string, value: () => unknown) {
  if (!statusesOf(spec).includes(status)) throw mismatch(`${key} answered ${status}, which its map entry does not list (statuses: ${statusesOf(spec).join(', ')})`)
  if (status === 204) return // no content: nothing to check
  const seen = `${key} ${status} ${createHash('sha1').update(text).digest('base64')}`
  if (checked.has(seen)) return
  const result = spec.response.safeParse(value())
  if (!result.success) throw mismatch(`${key} answered ${status} with a body its response schema refuses: ${describeIssues(result.error)}`)
  if (checked.size >= CHECKED_LIMIT) checked.clear()
  checked.add(seen)
}

async function checkAnswer(key: string, spec: EndpointSpec, response: Response, passphrase: string, codes: Set<string>) {
  const { status } = response
  // A live stream's body never ends: its events are not read here.
  if (status === 304 || (spec.stream && status === 200)) return
  const text = await response.clone().text()
  if (statusesOf(spec).includes(status)) {
    if (status === 204) return // no content: nothing to check
    // A file is its bytes: nothing to parse, only that it is not an error body in disguise.
    if (spec.wire === 'binary') {
      if (!response.headers.get('content-type') || response.headers.get('content-type')!.startsWith('application/json')) {
        throw mismatch(`${key} answered ${status} without a file's Content-Type`)
      }
      return
    }
    checkBody(key, spec, status, text, () => (spec.wire === 'encrypted' ? decryptPayload(text, passphrase) : spec.wire === 'text' ? text : JSON.parse(text)))
    return
  }
  if (status >= 400) {
    const result = errorBody.safeParse(JSON.parse(text))
    if (!result.success) throw mismatch(`${key} answered ${status} without the error body: ${describeIssues(result.error)}`)
    if (!codes.has(result.data.code)) throw mismatch(`${key} answered code ${result.data.code}, which its map entry does not list`)
    return
  }
  throw mismatch(`${key} answered ${status}, which its map entry does not list (statuses: ${statusesOf(spec).join(', ')})`)
}
