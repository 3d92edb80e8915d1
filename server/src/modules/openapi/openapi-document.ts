import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi'
import { errorBody, errorCodesOf, methodAndPath, statusesOf, type EndpointSpec } from '@/shared/api/contracts/endpoint'
import { endpoints } from '@/shared/api/contracts/endpoints'

const ENCRYPTED_REQUEST =
  'Encrypted wire: the JSON below is sent as {"data": "<ciphertext>"} (docs/api.md, "Wire"); the schema is the plaintext.'
const ENCRYPTED_RESPONSE = 'Encrypted wire: the body is the ciphertext (text/plain) of this JSON (docs/api.md, "Wire").'
const BINARY_RESPONSE = 'A file: the bytes themselves, their Content-Type (an image type) in the header.'


const AUTH_NOTES: Record<EndpointSpec['auth'], string> = {
  none: 'No token needed.',
  customer: 'A signed-in customer’s access token (Authorization: Bearer).',
  optional: 'A token is optional; one that is sent must be valid.',
  'guest-or-customer': 'A guest token of a proven phone, or a customer’s access token.',
  staff: 'A staff access token of the path’s location (POST /staff/sign-in).',
  'staff-self': 'A staff access token (POST /staff/sign-in), any location.',
}

/** The roles a staff route takes, in its description (docs/staff.md "Roles"). */
const rolesNote = (spec: EndpointSpec) =>
  spec.auth === 'staff' ? (spec.roles ? `Roles: ${['manager', ...spec.roles].join(', ')}.` : 'Roles: any.') : ''

function operationOf(key: string, spec: EndpointSpec): ZodOpenApiOperationObject {
  const encrypted = spec.wire === 'encrypted'
  const binary = spec.wire === 'binary'
  const answer = spec.stream
    ? { description: `Server-Sent Events: each \`event: ${spec.stream.event}\` carries this JSON as its data.`, content: { 'text/event-stream': { schema: spec.response } } }
    : {
        description: encrypted ? ENCRYPTED_RESPONSE : binary ? BINARY_RESPONSE : 'The answer.',
        content: { [encrypted || spec.wire === 'text' ? 'text/plain' : binary ? '*/*' : 'application/json']: { schema: spec.response } },
      }
  const codes = errorCodesOf(spec)
  return {
    operationId: key,
    tags: [spec.tag],
    summary: spec.summary,
    description: [spec.description, AUTH_NOTES[spec.auth], rolesNote(spec), encrypted ? ENCRYPTED_REQUEST.split(':')[0] + '.' : ''].filter(Boolean).join(' '),
    security: spec.auth === 'none' ? [] : spec.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }],
    'x-auth': spec.auth,
    ...(spec.roles && { 'x-staff-roles': ['manager', ...spec.roles] }),
    'x-encrypted': encrypted,
    'x-error-codes': codes,
    ...((spec.params || spec.query) && { requestParams: { ...(spec.params && { path: spec.params }), ...(spec.query && { query: spec.query }) } as ZodOpenApiOperationObject['requestParams'] }),
    ...(spec.body && {
      requestBody: { required: true, description: encrypted ? ENCRYPTED_REQUEST : undefined, content: { 'application/json': { schema: spec.body } } },
    }),
    responses: {
      ...Object.fromEntries(statusesOf(spec).map((status) => [String(status), status === 204 ? { description: 'No content.' } : answer])),
      default: {
        description: `A refusal, always plain JSON {status, message, code}. Codes: ${codes.join(', ')}.`,
        content: { 'application/json': { schema: errorBody } },
      },
    },
  }
}

/** The OpenAPI 3.1 document of every route in the endpoint map, paths relative to the API base. */
export function openApiDocument(base: string) {
  const paths: ZodOpenApiPathsObject = {}
  for (const [key, spec] of Object.entries(endpoints) as [string, EndpointSpec][]) {
    const { method, path } = methodAndPath(key)
    const openPath = path.replace(/:(\w+)/g, '{$1}')
    paths[openPath] = { ...paths[openPath], [method.toLowerCase()]: operationOf(key, spec) }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Tablefront API',
      version: '1',
      description:
        'Every route of the endpoint map (src/shared/api/contracts/endpoints.ts). The protocol — wire, encryption, auth, errors, caching, idempotency — is in docs/api.md. Routes not yet in the map are described there, under their module.',
    },
    servers: [{ url: base }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  })
}
