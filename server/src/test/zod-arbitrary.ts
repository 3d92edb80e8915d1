import fc from 'fast-check'
import type { z } from 'zod'

type Def = Record<string, any> & { type: string }
type Check = { check: string; [key: string]: any }

/**
 * A fast-check arbitrary of values shaped like a zod (v4) schema: objects with its fields, strings
 * within its lengths and formats, numbers within its bounds. Mostly valid, sometimes not (a field
 * left out, a bound crossed, text with a NUL or a lone surrogate): the point is to reach past
 * validation, not to stay inside it.
 * `ids` stands in for uuids, so lookups find real rows.
 */
export function arbitraryOf(schema: z.ZodType, ids: fc.Arbitrary<string>, { strict = false } = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def
  const checks: Check[] = (def.checks ?? []).map((check: { _zod: { def: Check } }) => check._zod.def)
  const inner = (child: z.ZodType) => arbitraryOf(child, ids, { strict }, depth + 1)
  const sometimes = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
    strict ? valid : fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: invalid })
  if (depth > 16) return fc.constant(null)
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>
      const fields = Object.fromEntries(Object.entries(shape).map(([name, child]) => [name, inner(child)]))
      return fc.record(fields, { requiredKeys: Object.keys(shape).filter((name) => !isOptional(shape[name]!)) })
    }
    case 'string':
      return sometimes(stringOf(def, checks, ids), fc.oneof(fc.string({ maxLength: 20 }), unstorable(stringOf(def, checks, ids))))
    case 'number': {
      const integer = checks.some((check) => check.check === 'number_format' && /int/.test(check.format))
      const min = checks.find((check) => check.check === 'greater_than')?.value ?? -1_000
      const max = checks.find((check) => check.check === 'less_than')?.value ?? 1_000_000
      const bounded = integer
        ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31 - 1)) })
        : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true })
      const number = sometimes(bounded, fc.constantFrom(min - 1, max + 1, 0.5, -1))
      return def.coerce ? fc.oneof(number, number.map(String)) : number
    }
    case 'bigint':
      return fc.bigInt({ min: -1000n, max: 1000n })
    case 'boolean':
      return def.coerce ? fc.constantFrom(true, false, 'true', '1', 0) : fc.boolean()
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>))
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'array': {
      const minLength = Math.min(checks.find((check) => check.check === 'min_length' || check.check === 'length_equals')?.minimum ?? 0, 4)
      const maxLength = Math.max(minLength, Math.min(checks.find((check) => check.check === 'max_length' || check.check === 'length_equals')?.maximum ?? 4, 4))
      return sometimes(fc.array(inner(def.element), { minLength, maxLength }), fc.array(inner(def.element), { maxLength: 4 }))
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(inner))
    case 'record':
      return fc.dictionary(fc.oneof(ids, fc.string({ maxLength: 8 })), inner(def.valueType), { maxKeys: 3 })
    case 'optional':
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType) }, { weight: 1, arbitrary: fc.constant(def.type === 'nullable' ? null : undefined) })
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType)
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner))
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([left, right]) =>
        left && right && typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left,
      )
    case 'pipe': {
      // z.preprocess is a pipe from a transform: generate what the transform must hand on.
      const input = (def.in as { _zod: { def: Def } })._zod.def.type
      return inner(input === 'transform' ? def.out : def.in)
    }
    case 'lazy':
      return inner(def.getter())
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString())
    case 'null':
      return fc.constant(null)
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** Text PostgreSQL cannot store, which the API must refuse as 400 invalid_text: a NUL or a lone surrogate put into a valid string. */
export function unstorable(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uD83D'), fc.nat())
    .map(([text, bad, at]) => {
      const index = text.length === 0 ? 0 : at % (text.length + 1)
      return `${text.slice(0, index)}${bad}${text.slice(index)}`
    })
}

function isOptional(schema: z.ZodType): boolean {
  const type = (schema as unknown as { _zod: { def: Def } })._zod.def.type
  return type === 'optional' || type === 'default' || type === 'prefault' || type === 'catch'
}

function stringOf(def: Def, checks: Check[], ids: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const format = def.format ?? checks.find((check) => check.check === 'string_format')?.format
  const pattern = (def.pattern ?? checks.find((check) => check.check === 'string_format' && check.pattern)?.pattern) as RegExp | undefined
  const minLength = checks.find((check) => check.check === 'min_length' || check.check === 'length_equals')?.minimum ?? 0
  const maxLength = checks.find((check) => check.check === 'max_length' || check.check === 'length_equals')?.maximum ?? 40
  let valid: fc.Arbitrary<string>
  if (format === 'uuid' || format === 'guid') valid = ids
  else if (format === 'email') valid = fc.constantFrom('diner@example.com', 'a.b+tf@tablefront.dev', 'x@y.io')
  else if (format === 'url') valid = fc.webUrl()
  else if (format === 'datetime') valid = fc.date({ noInvalidDate: true, min: new Date('2020-01-01'), max: new Date('2035-01-01') }).map((date) => date.toISOString())
  else if (format === 'date') valid = fc.date({ noInvalidDate: true, min: new Date('2024-01-01'), max: new Date('2030-01-01') }).map((date) => date.toISOString().slice(0, 10))
  else if (pattern) valid = matching(pattern)
  else valid = fc.oneof(ids, fc.string({ minLength: Math.min(minLength, 40), maxLength: Math.max(Math.min(maxLength, 40), Math.min(minLength, 40)) }))
  return valid
}

/** Strings the pattern accepts; fast-check takes no flags, and a case-insensitive pattern accepts its lower case too. */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern.source))
  } catch {
    return fc.string({ maxLength: 40 })
  }
}

/** Every zod object schema a module exports (the contracts), by export name. */
export function objectSchemasOf(modules: Record<string, unknown>[]): z.ZodType[] {
  const schemas: z.ZodType[] = []
  for (const module of modules) {
    for (const value of Object.values(module)) {
      const def = (value as { _zod?: { def?: Def } } | null)?._zod?.def
      if (def && (def.type === 'object' || def.type === 'pipe' || def.type === 'union' || def.type === 'intersection')) schemas.push(value as z.ZodType)
    }
  }
  return schemas
}
