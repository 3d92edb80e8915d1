import { z } from 'zod'
import { defineEndpoints } from './endpoint'

/** This API's own description (docs/api.md): the OpenAPI document of the endpoint map. */
export const openApiEndpoints = defineEndpoints({
  'GET /openapi.json': {
    auth: 'none',
    wire: 'json',
    tag: 'openapi',
    summary: 'This document: OpenAPI 3.1 of every route in the endpoint map; the browsable page is GET /api/reference',
    response: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' }),
    errors: [],
    cache: 'revalidate',
  },
})
