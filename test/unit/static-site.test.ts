import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { staticSiteListener } from '@infra/local/static-site';
import { chooseEncoding } from '@infra/site-delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><title>Site</title><p>${'text '.repeat(300)}</p>`;
const SHELL = '<!doctype html><title>Shell</title><div id="root"></div>';
const PNG = Buffer.alloc(2000, 7);

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-site-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), SHELL);
  mkdirSync(join(root, 'ru'));
  mkdirSync(join(root, 'en'));
  writeFileSync(join(root, 'ru', 'index.html'), PAGE);
  writeFileSync(join(root, 'en', 'index.html'), '<!doctype html><title>English</title>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'tiny-abc123.css'), 'p{color:red}');
  writeFileSync(join(root, 'logo.png'), PNG);
  server = createServer(staticSiteListener(root, { 'X-Frame-Options': 'DENY' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** The raw answer (fetch would decode the body itself; these are the bytes sent). */
function get(path: string, acceptEncoding = 'identity', method = 'GET', extra: Record<string, string> = {}) {
  return new Promise<{
    status: number | undefined;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const outgoing = request(`${base}${path}`, {
      method,
      headers: { 'Accept-Encoding': acceptEncoding, ...extra },
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the local site server', () => {
  it('sends brotli when the browser accepts it, as CloudFront prefers it', async () => {
    const { headers, body } = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');

    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const { headers, body } = await get('/', 'gzip');

    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString()).toBe(PAGE);
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    const { headers, body } = await get('/', 'identity');

    expect(headers['content-encoding']).toBeUndefined();
    expect(headers.vary).toBe('Accept-Encoding');
    expect(body.toString()).toBe(PAGE);
  });

  it('leaves files under 1,000 bytes and images uncompressed', async () => {
    const tiny = await get('/assets/tiny-abc123.css', 'br, gzip');
    const image = await get('/logo.png', 'br, gzip');

    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('p{color:red}');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.equals(PNG)).toBe(true);
  });

  it('marks hashed assets immutable for a year and revalidates pages', async () => {
    const asset = await get('/assets/index-abc123.js');
    const page = await get('/');

    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.toString()).toBe(PAGE);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it("routes each request through the distribution's page router", async () => {
    const english = await get('/', 'identity', 'GET', { Cookie: 'theme=dark; language=en' });
    const byHeader = await get('/', 'identity', 'GET', { 'Accept-Language': 'en-GB,en;q=0.9' });
    const shell = await get('/profile', 'identity', 'GET', { Cookie: 'language=en' });
    const missingPage = await get('/license-agreement');
    const missingFile = await get('/assets/none.js');

    expect(english.body.toString()).toBe('<!doctype html><title>English</title>');
    expect(byHeader.body.toString()).toBe('<!doctype html><title>English</title>');
    expect(shell.body.toString()).toBe(SHELL);
    expect(missingPage.status).toBe(404);
    expect(missingFile.status).toBe(404);
  });

  it('answers HEAD with the headers and no body', async () => {
    const { headers, body } = await get('/assets/index-abc123.js', 'br', 'HEAD');

    expect(headers['content-encoding']).toBe('br');
    expect(body.length).toBe(0);
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['deflate', undefined],
    [undefined, undefined],
    ['gzip;q=0.0, br;q=0', undefined],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
