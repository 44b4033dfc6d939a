/**
 * Preloaded with `node --import` before a bundle is imported: every way out of the process
 * (TCP, DNS, HTTP(S), fetch, child processes for credential_process) records the attempt and
 * throws; reads of the SDK's shared config and credentials files are recorded. `globalThis.__benchCalls`
 * holds what was tried, for the bench to report.
 */
import childProcess from 'node:child_process';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const calls = { network: [], awsFiles: [] };
globalThis.__benchCalls = calls;

function describeTarget(args) {
  const [first] = args;
  if (typeof first === 'string') return first;
  if (first instanceof URL) return first.href;
  if (first && typeof first === 'object') {
    const { host, hostname, port, path, url } = first;
    return url ?? `${hostname ?? host ?? '?'}${port ? `:${port}` : ''}${path ?? ''}`;
  }
  return '';
}

function blocked(name) {
  return function blockedCall(...args) {
    calls.network.push(`${name}(${describeTarget(args)})`);
    throw new Error(`bench: ${name} during module load`);
  };
}

function recordCredentialReads(name, original) {
  return function recordingRead(file, ...rest) {
    if (String(file).includes('/.aws/')) calls.awsFiles.push(`${name}(${String(file)})`);
    return original.call(this, file, ...rest);
  };
}

net.Socket.prototype.connect = blocked('net.Socket.connect');
dns.lookup = blocked('dns.lookup');
dns.promises.lookup = blocked('dns.promises.lookup');
http.request = blocked('http.request');
http.get = blocked('http.get');
https.request = blocked('https.request');
https.get = blocked('https.get');
globalThis.fetch = blocked('fetch');
for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  childProcess[name] = blocked(`child_process.${name}`);
}
fs.readFile = recordCredentialReads('fs.readFile', fs.readFile);
fs.readFileSync = recordCredentialReads('fs.readFileSync', fs.readFileSync);
fs.promises.readFile = recordCredentialReads('fs.promises.readFile', fs.promises.readFile);

// Named ESM imports of built-ins (`import { request } from 'node:https'`) see the patches too.
syncBuiltinESMExports();
