import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json|map)$/

/** Writes .br and .gz beside every text file, so the static server sends them without work. */
export async function precompressTree(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name)
        const body = await readFile(path)
        if (body.length < 1024) return
        const [gz, br] = await Promise.all([
          gzipAsync(body, { level: 9 }),
          brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        ])
        await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)])
      }),
  )
}
