import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  checkAuth,
  checkExecuteApiRefuses,
  checkHealth,
  checkRatesXml,
  checkSpa,
  runSmokeChecks,
} from '@infra/ops/smoke-checks';
import type { CheckResult } from '@infra/ops/smoke-http';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerVerifiedUser, type Session } from './support/admin-session';

/**
 * The post-deploy smoke test (infra/ops/smoke.ts) against the local stack, whose site stands for
 * CloudFront and whose direct API URL for the execute-api endpoint; and each check against small
 * stand-in servers that answer wrong, to prove it can fail and says why.
 */
const ROOT = join(import.meta.dirname, '../..');
const { siteUrl } = inject('e2e');
const { directApiUrl } = inject('localStack');

const notPassed = (results: CheckResult[]) => results.filter((result) => result.outcome !== 'pass');
const outcomes = (results: CheckResult[]) => results.map((result) => [result.name, result.outcome]);

describe('the smoke checks against the local stack', () => {
  let account: Session;

  beforeAll(async () => {
    account = await registerVerifiedUser('smoke');
  });

  it('pass with a check account, logging in, reading the user and logging out', async () => {
    const results = await runSmokeChecks({
      siteUrl,
      executeApiUrl: directApiUrl,
      account: { login: account.email, password: account.password },
    });

    expect(notPassed(results)).toEqual([]);
    expect(results.map((result) => result.name)).toEqual([
      'health',
      'login',
      'me',
      'logout',
      'spa',
      'execute-api',
      'rates.xml',
    ]);
    expect(results.find((result) => result.name === 'me')?.saw).toContain(account.user.id);
  });

  it('pass without a check account, checking that an unknown login and a tokenless me are refused', async () => {
    const results = await runSmokeChecks({ siteUrl, executeApiUrl: directApiUrl });

    expect(notPassed(results)).toEqual([
      expect.objectContaining({
        name: 'logout',
        outcome: 'skip',
        saw: expect.stringContaining('SMOKE_LOGIN'),
      }),
    ]);
    expect(results.find((result) => result.name === 'login')?.saw).toBe('401 for an unknown account');
  });

  it('run as the CLI, print one line per check without secrets and exit 0', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'infra/ops/smoke.ts', '--url', siteUrl, '--execute-api', directApiUrl],
      {
        cwd: ROOT,
        env: { ...process.env, SMOKE_LOGIN: account.username, SMOKE_PASSWORD: account.password },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const [code] = await once(child, 'exit');

    expect(output.match(/^PASS {2}\S+/gm)).toEqual([
      'PASS  health',
      'PASS  login',
      'PASS  me',
      'PASS  logout',
      'PASS  spa',
      'PASS  execute-api',
      'PASS  rates.xml',
    ]);
    expect(output).toContain('7 passed, 0 failed, 0 skipped.');
    expect(output).not.toContain(account.password);
    expect(output).not.toMatch(/eyJ[\w-]+\./); // no JWT
    expect(code).toBe(0);
  });
});

type Route = (request: IncomingMessage, body: string, response: ServerResponse) => void;

const standIns: Server[] = [];

/** A server on a free port answering by path; any other path is a 404. */
async function standIn(routes: Record<string, Route>): Promise<string> {
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const route = routes[new URL(request.url ?? '/', 'http://stand-in').pathname];
    if (route) route(request, body, response);
    else response.writeHead(404).end();
  });
  standIns.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (status: number, body: unknown): Route => {
  return (_request, _body, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
};
const answer = (status: number, contentType: string, body: string, headers = {}): Route => {
  return (_request, _body, response) => {
    response.writeHead(status, { 'content-type': contentType, ...headers }).end(body);
  };
};
const refused = json(401, { success: false, message: 'Unauthorized.' });
const CSP = { 'content-security-policy': "default-src 'self'" };
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

describe('each smoke check fails, saying why, when the site answers wrong', () => {
  afterEach(async () => {
    for (const server of standIns.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('fails health on a 500', async () => {
    const url = await standIn({ '/api/health': json(500, { success: false, message: 'Internal error' }) });

    const result = await checkHealth({ siteUrl: url });

    expect(result).toMatchObject({ outcome: 'fail', saw: expect.stringContaining('answered 500, not 200') });
  });

  it('fails health on a 200 outside the contract', async () => {
    const url = await standIn({ '/api/health': json(200, { status: 'ok' }) });

    const result = await checkHealth({ siteUrl: url });

    expect(result).toMatchObject({
      outcome: 'fail',
      saw: expect.stringContaining('shape the contract refuses'),
    });
  });

  it('fails a check whose request gets no answer within the timeout', async () => {
    const url = await standIn({ '/api/health': () => {} });

    const result = await checkHealth({ siteUrl: url, timeoutMs: 200 });

    expect(result).toMatchObject({ outcome: 'fail', saw: '/api/health: no answer within 200 ms' });
  });

  it('fails login when an unknown account is let in', async () => {
    const url = await standIn({
      '/api/auth/login': json(200, { success: true, message: 'Login successful.', data: {} }),
      '/api/auth/me': refused,
    });

    const [login, me] = await checkAuth({ siteUrl: url });

    expect(login).toMatchObject({
      outcome: 'fail',
      saw: 'POST /api/auth/login let an unknown account in (200)',
    });
    expect(me?.outcome).toBe('pass');
  });

  it('fails login, and skips me and logout, when the check account has a second factor', async () => {
    const challenge = { mfaRequired: true, mfaToken: 'challenge-token' };
    const url = await standIn({
      '/api/auth/login': json(200, { success: true, message: 'Code?', data: challenge }),
    });

    const results = await checkAuth({
      siteUrl: url,
      account: { login: 'checker', password: 'check-password' },
    });

    expect(results[0]).toMatchObject({
      outcome: 'fail',
      saw: expect.stringMatching(/second factor.*use a check account without one/),
    });
    expect(results[0]?.saw).not.toContain('challenge-token');
    expect(outcomes(results.slice(1))).toEqual([
      ['me', 'skip'],
      ['logout', 'skip'],
    ]);
  });

  it('never shows the check account password, even when the server echoes it', async () => {
    const password = 'echoed-secret-password';
    const url = await standIn({
      '/api/auth/login': (_request, body, response) => response.writeHead(500).end(body),
    });

    // A long login puts the password across the cut of the body's excerpt.
    const account = { login: 'checker-with-a-rather-long-name', password };

    const [login] = await checkAuth({ siteUrl: url, account });

    expect(login?.outcome).toBe('fail');
    expect(login?.saw).toContain('"password":"[redacted]"');
    expect(login?.saw).not.toContain('echoed-secret');
  });

  it('fails spa when the page has no #root', async () => {
    const page = answer(
      200,
      'text/html',
      '<!doctype html><html><body><div id="app"></div></body></html>',
      CSP,
    );
    const url = await standIn({ '/': page, '/profile': page });

    const result = await checkSpa({ siteUrl: url });

    expect(result).toMatchObject({
      outcome: 'fail',
      saw: expect.stringContaining('GET / answered html without <div id="root">'),
    });
  });

  it('fails spa when the page has no CSP', async () => {
    const url = await standIn({
      '/': answer(200, 'text/html', SHELL),
      '/profile': answer(200, 'text/html', SHELL),
    });

    const result = await checkSpa({ siteUrl: url });

    expect(result).toMatchObject({
      outcome: 'fail',
      saw: 'GET / answered without a Content-Security-Policy header',
    });
  });

  it('fails spa when a client route is not the app shell', async () => {
    const url = await standIn({ '/': answer(200, 'text/html', SHELL, CSP) });

    const result = await checkSpa({ siteUrl: url });

    expect(result).toMatchObject({
      outcome: 'fail',
      saw: expect.stringContaining('GET /profile answered 404'),
    });
  });

  it('fails execute-api when it answers 200', async () => {
    const url = await standIn({ '/api/health': json(200, { success: true, message: '', data: {} }) });

    const result = await checkExecuteApiRefuses({ siteUrl: url, executeApiUrl: url });

    expect(result).toMatchObject({
      outcome: 'fail',
      saw: 'GET /api/health answered 200 there: the API can be reached around CloudFront',
    });
  });

  it('skips execute-api, rather than passing it, without --execute-api', async () => {
    const result = await checkExecuteApiRefuses({ siteUrl: 'http://127.0.0.1:9' });

    expect(result).toMatchObject({ outcome: 'skip', saw: expect.stringContaining('--execute-api') });
  });

  it('fails rates.xml when the file is not well-formed', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n<item><from>CASHUSD</item>\n</rates>\n';
    const url = await standIn({
      '/api/export/rates.xml': answer(200, 'application/xml; charset=utf-8', xml),
    });

    const result = await checkRatesXml({ siteUrl: url });

    expect(result).toMatchObject({ outcome: 'fail', saw: expect.stringContaining('not well-formed XML') });
  });

  it('fails rates.xml when its root is not <rates>', async () => {
    const url = await standIn({
      '/api/export/rates.xml': answer(200, 'application/xml', '<html><item/></html>'),
    });

    const result = await checkRatesXml({ siteUrl: url });

    expect(result).toMatchObject({ outcome: 'fail', saw: 'rates.xml the root is <html>, not <rates>' });
  });

  it('fails rates.xml on a 403, telling the operator to pass the export token', async () => {
    const url = await standIn({
      '/api/export/rates.xml': json(403, { success: false, message: 'Forbidden.' }),
    });

    const result = await checkRatesXml({ siteUrl: url });

    expect(result).toMatchObject({ outcome: 'fail', saw: expect.stringContaining('pass --export-token') });
  });
});
