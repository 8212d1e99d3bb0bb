import { readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing (images, PDFs and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]),
    ),
  );
  return nested.flat();
}

/** Writes `file.br` / `file.gz` beside `file` when that copy is smaller; removes a stale one otherwise. */
async function compressOne(file: string): Promise<{ raw: number; br: number; gz: number }> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [ext, out] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (out.length < data.length) await writeFile(file + ext, out);
    else await unlink(file + ext).catch(() => undefined);
  }
  return { raw: data.length, br: br.length, gz: gz.length };
}

/**
 * Vite plugin: after the build is written, puts a brotli (quality 11) and a gzip (level 9)
 * copy beside every compressible file of `dist/` where that copy is smaller, for the server's
 * `@fastify/static` `preCompressed` to send to a browser that accepts them. Done once at build time,
 * so no request pays for compression.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'manabi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      const totals = { raw: 0, br: 0, gz: 0, files: 0 };
      // every file, small ones too (every script is sent compressed); compressOne keeps a copy
      // only where it is smaller
      for (const f of files) {
        const r = await compressOne(f);
        totals.raw += r.raw;
        totals.br += r.br;
        totals.gz += r.gz;
        totals.files++;
      }
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
      this.info(
        `precompressed ${totals.files} files: ${kib(totals.raw)} → brotli ${kib(totals.br)}, gzip ${kib(totals.gz)}`,
      );
    },
  };
}
