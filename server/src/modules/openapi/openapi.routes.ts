import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { AppDeps } from '../../deps'
import { endpointRouter } from '../../lib/endpoint'
import { sendJsonPublic } from '../../lib/wire'
import { openApiDocument } from './openapi-document'

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** Swagger UI's files, served from node_modules (the browser may have no internet), read once. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
}

// The initializer is a file, not an inline script, so the Content-Security-Policy needs no 'unsafe-inline'.
// Tags start collapsed, with a filter box: Swagger UI 5.35 stops rendering a fully listed document
// part-way once it passes ~125 operations (docs/api.md "The reference page").
const INITIALIZER = `window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'none', filter: true, defaultModelsExpandDepth: 0 })\n`

// Relative addresses: /api/reference resolves them under whatever base the API is mounted at.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tablefront API reference</title>
<link rel="stylesheet" href="reference/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="reference/swagger-ui-bundle.js"></script>
<script src="reference/initializer.js"></script>
</body>
</html>
`

/**
 * GET /api/openapi.json (the document of the endpoint map) and GET /api/reference (Swagger UI
 * reading it); docs/api.md, "The endpoint map".
 */
export function openApiRoutes(deps: AppDeps) {
  let document: ReturnType<typeof openApiDocument> | undefined
  const contents = new Map<string, string>()
  const { router } = endpointRouter(deps).mount('GET /openapi.json', (c) => sendJsonPublic(c, (document ??= openApiDocument(deps.env.PUBLIC_API_BASE))))
  return router
    .get('/reference', (c) => {
      c.header('Cache-Control', 'no-cache')
      return c.html(PAGE)
    })
    .get('/reference/initializer.js', (c) => c.body(INITIALIZER, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }))
    .get('/reference/:asset', (c) => {
      const asset = ASSETS[c.req.param('asset')]
      if (!asset) return c.json({ status: 404, message: `No API endpoint GET ${c.req.path}.`, code: 'no_such_endpoint' }, 404)
      let body = contents.get(asset.file)
      if (body === undefined) contents.set(asset.file, (body = readFileSync(join(SWAGGER_UI, asset.file), 'utf8')))
      return c.body(body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' })
    })
}
