import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * A bucket on this machine (docs/architecture.md §8): the uploads bucket and, in a stack that
 * serves the built site, the site bucket whose pages the publisher rewrites. One bucket, path-style
 * (`{url}/{bucket}/{key}`), speaking the part of S3 the functions and the browser use, with S3's
 * own checks and answers, so `@aws-sdk/client-s3`, `s3-presigned-post` and `s3-request-presigner`
 * run against it unchanged (only `UPLOADS_S3_ENDPOINT` or `SITE_S3_ENDPOINT` differs):
 *
 * - the browser's presigned POST (multipart form): the policy's SigV4 signature, its expiration,
 *   every condition (exact, `eq`, `starts-with`, `content-length-range`), no field without a
 *   condition; refusals in S3's XML error shape and status (403 AccessDenied "Invalid according to
 *   Policy…", 400 EntityTooLarge / EntityTooSmall, 403 SignatureDoesNotMatch);
 * - presigned GETs (query-signed, SigV4 verified, expiry checked, `response-content-*` honoured);
 * - PutObject and multipart uploads (Create, UploadPart, Complete with S3's 5 MB part minimum,
 *   Abort: the export worker's files; no checksum is checked), HeadObject, GetObject (with
 *   `Range` and `If-Match`), CopyObject (`x-amz-copy-source`, its
 *   `-if-match`, and `x-amz-tagging-directive`/`x-amz-tagging`), DeleteObject, PutObjectTagging and
 *   GetObjectTagging, signed in the Authorization header by the local credentials (the access key is
 *   checked, not the header signature: only the functions on this machine hold the key);
 * - CORS for the site's origin, and the lifecycle rule: objects carrying the pending tag are deleted
 *   a day after they arrived (a sweep every hour).
 */
/** The uploads bucket's name in the stand-in (the functions' UPLOADS_BUCKET locally). */
export const LOCAL_UPLOADS_BUCKET = 'exchange-local-uploads';
/** The site bucket's name in the stand-in (the functions' SITE_BUCKET locally). */
export const LOCAL_SITE_BUCKET = 'exchange-local-site';

export interface S3StandInOptions {
  /** 0 picks a free port. */
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The site's origin, the only one CORS lets in (set once the site listens). */
  allowedOrigin: () => string;
  /** Folder the objects are kept in across restarts; null keeps them in memory. */
  dataDir: string | null;
  /** Deletes objects under `prefix` tagged `tag` = `value` `days` after they arrived. */
  lifecycle?: { prefix: string; tag: string; value: string; days: number };
}

export interface S3StandIn {
  url: string;
  server: Server;
  /** Runs the lifecycle rule now (the hourly sweep; tests call it with a later `now`). */
  sweep: (now?: Date) => number;
  /** An object read in process (the local site serves the site bucket's pages from it). */
  object: (key: string) => { body: Buffer; etag: string } | undefined;
  /** An object written in process, as a deploy puts the build's files. */
  put: (key: string, body: Buffer, contentType: string) => void;
  stop: () => Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  tags: Record<string, string>;
  lastModified: Date;
  etag: string;
}

/** S3's smallest part of a multipart upload but the last. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
/** The largest request the stand-in reads (S3 itself streams; locally a form above this is refused). */
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A POST's key may name the uploaded file's name with this variable. */
const FILENAME_VARIABLE = '$' + '{filename}';

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** S3's error document: `<Error><Code/><Message/>…<RequestId/></Error>`. */
export function s3ErrorXml(
  code: string,
  message: string,
  extra: Record<string, string | number> = {},
): string {
  const fields = Object.entries(extra)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
  const requestId = createHash('sha256').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 16);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message>${fields}<RequestId>${requestId}</RequestId></Error>`;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `20261126T105555Z` → a Date. */
function amzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match)
    throw new S3Error(
      403,
      'AccessDenied',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
    );
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

/** A credential `{key}/{date}/{region}/s3/aws4_request`, of the local key. */
function parseCredential(credential: string, accessKeyId: string) {
  const [key, date, region, service, terminator] = credential.split('/');
  if (key !== accessKeyId)
    throw new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      {
        AWSAccessKeyId: key ?? '',
      },
    );
  if (!date || !region || service !== 's3' || terminator !== 'aws4_request')
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'Error parsing the X-Amz-Credential parameter.',
    );
  return { date, region, scope: `${date}/${region}/s3/aws4_request` };
}

interface FormPart {
  name: string;
  fileName: string | undefined;
  value: Buffer;
}

/** The parts of a multipart/form-data body, in order. */
export function parseMultipart(body: Buffer, contentType: string): FormPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary)
    throw new S3Error(
      400,
      'MalformedPOSTRequest',
      'The body of your POST request is not well-formed multipart/form-data.',
    );
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const headersStart = afterDelimiter + 2;
    const headersEnd = body.indexOf('\r\n\r\n', headersStart);
    const next = body.indexOf(delimiter, headersStart);
    if (headersEnd === -1 || next === -1)
      throw new S3Error(
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      );
    const headers = body.subarray(headersStart, headersEnd).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    if (name !== undefined) {
      // The part's content ends with the CRLF before the next delimiter.
      parts.push({ name, fileName, value: body.subarray(headersEnd + 4, next - 2) });
    }
    start = next;
  }
  return parts;
}

type Condition = Record<string, string> | [string, ...unknown[]];

/** The stand-in's answer to a browser's POST: the object stored, or the S3 error. */
function checkPost(
  options: S3StandInOptions,
  parts: FormPart[],
  now: Date,
): { key: string; object: StoredObject; status: number } {
  // S3 ignores everything after the file.
  const fileIndex = parts.findIndex((part) => part.name.toLowerCase() === 'file');
  if (fileIndex === -1)
    throw new S3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.', {
      ArgumentName: 'file',
      ArgumentValue: '0',
    });
  const file = parts[fileIndex]!;
  const fields = new Map<string, string>();
  for (const part of parts.slice(0, fileIndex)) {
    const name = part.name.toLowerCase();
    if (fields.has(name))
      throw new S3Error(400, 'InvalidArgument', `Bucket POST must contain at most one ${part.name} field.`);
    fields.set(name, part.value.toString('utf8'));
  }
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (
    !policy ||
    !signature ||
    !credential ||
    fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' ||
    !fields.has('x-amz-date')
  )
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const scope = parseCredential(credential, options.accessKeyId);
  const expected = hmac(signingKey(options.secretAccessKey, scope.date, scope.region, 's3'), policy).toString(
    'hex',
  );
  if (!sameHex(expected, signature))
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );

  let document: { expiration?: string; conditions?: Condition[] };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    throw new S3Error(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (!document.expiration || !Array.isArray(document.conditions))
    throw new S3Error(
      400,
      'InvalidPolicyDocument',
      'Invalid Policy: Policy missing expiration or conditions.',
    );
  if (Date.parse(document.expiration) <= now.getTime())
    throw new S3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  // The bucket is a field for the policy's sake, though it comes from the URL.
  const fieldValue = (name: string) => (name === 'bucket' ? options.bucket : fields.get(name));
  const conditioned = new Set<string>();
  const failed = (condition: unknown) =>
    new S3Error(
      403,
      'AccessDenied',
      `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
    );
  for (const condition of document.conditions) {
    if (!Array.isArray(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        conditioned.add(name.toLowerCase());
        if (fieldValue(name.toLowerCase()) !== value) throw failed(['eq', `$${name}`, value]);
      }
      continue;
    }
    const [operator, ...operands] = condition;
    if (operator === 'content-length-range') {
      const [min, max] = operands as [number, number];
      const size = file.value.length;
      if (size > max)
        throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          ProposedSize: size,
          MaxSizeAllowed: max,
        });
      if (size < min)
        throw new S3Error(
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
          {
            ProposedSize: size,
            MinSizeAllowed: min,
          },
        );
      continue;
    }
    const [field, expectedValue] = operands as [string, string];
    const name = field.replace(/^\$/, '').toLowerCase();
    conditioned.add(name);
    const value = fieldValue(name) ?? '';
    if (operator === 'eq' && value !== expectedValue) throw failed(condition);
    if (operator === 'starts-with' && !value.startsWith(expectedValue)) throw failed(condition);
    if (operator !== 'eq' && operator !== 'starts-with')
      throw new S3Error(
        400,
        'InvalidPolicyDocument',
        `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`,
      );
  }
  const unconditioned = [...fields.keys()].filter(
    (name) =>
      !['policy', 'x-amz-signature'].includes(name) &&
      !name.startsWith('x-ignore-') &&
      !conditioned.has(name),
  );
  if (unconditioned.length > 0)
    throw new S3Error(
      403,
      'AccessDenied',
      `Invalid according to Policy: Extra input fields: ${unconditioned.join(', ')}`,
    );

  const keyTemplate = fields.get('key');
  if (!keyTemplate)
    throw new S3Error(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.", {
      ArgumentName: 'key',
    });
  const key = keyTemplate.replaceAll(FILENAME_VARIABLE, file.fileName ?? '');
  const status = Number(fields.get('success_action_status') ?? 204);
  return {
    key,
    status: [200, 201, 204].includes(status) ? status : 204,
    object: stored(
      file.value,
      fields.get('content-type') ?? 'binary/octet-stream',
      parseTagging(fields.get('tagging') ?? ''),
      now,
    ),
  };
}

function stored(body: Buffer, contentType: string, tags: Record<string, string>, now: Date): StoredObject {
  return {
    body,
    contentType,
    tags,
    lastModified: now,
    etag: `"${createHash('md5').update(body).digest('hex')}"`,
  };
}

/** `<Tagging><TagSet><Tag><Key>k</Key><Value>v</Value></Tag>…` → { k: v }. */
export function parseTagging(xml: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of xml.matchAll(/<Tag>\s*<Key>([^<]*)<\/Key>\s*<Value>([^<]*)<\/Value>\s*<\/Tag>/g)) {
    tags[match[1]!] = match[2]!;
  }
  return tags;
}

/** `k=v&k2=v2` (CopyObject's and PutObject's `x-amz-tagging`, URL-encoded) → { k: v, k2: v2 }. */
function parseTaggingHeader(value: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(value));
}

/** Whether an `If-Match`-style header names this ETag (quoted or not; `*` names any). */
function etagMatches(header: string, etag: string): boolean {
  const bare = (value: string) => value.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(etag));
}

const preconditionFailed = (condition: string) =>
  new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
    Condition: condition,
  });

/**
 * CopyObject within the bucket (PUT with `x-amz-copy-source: {bucket}/{key}`, URL-encoded, an
 * optional leading slash): the source's bytes and Content-Type; its tags, or with
 * `x-amz-tagging-directive: REPLACE` those of `x-amz-tagging`; refused 412 when
 * `x-amz-copy-source-if-match` names another ETag, 404 when there is no source.
 */
function copyObject(
  options: S3StandInOptions,
  store: { get: (key: string) => StoredObject | undefined },
  headers: IncomingMessage['headers'],
  now: Date,
): StoredObject {
  const header = String(headers['x-amz-copy-source']);
  const path = decodeURIComponent(header.split('?')[0]!).replace(/^\//, '');
  const slash = path.indexOf('/');
  const [bucket, key] = slash === -1 ? [path, ''] : [path.slice(0, slash), path.slice(slash + 1)];
  if (bucket !== options.bucket)
    throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
  const source = store.get(key);
  if (!source) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
  const ifMatch = headers['x-amz-copy-source-if-match'];
  if (typeof ifMatch === 'string' && !etagMatches(ifMatch, source.etag))
    throw preconditionFailed('x-amz-copy-source-If-Match');
  const directive = String(headers['x-amz-tagging-directive'] ?? 'COPY').toUpperCase();
  if (directive !== 'COPY' && directive !== 'REPLACE')
    throw new S3Error(400, 'InvalidArgument', 'Unknown tagging directive.', {
      ArgumentName: 'x-amz-tagging-directive',
      ArgumentValue: directive,
    });
  const tags =
    directive === 'REPLACE' ? parseTaggingHeader(String(headers['x-amz-tagging'] ?? '')) : { ...source.tags };
  return stored(source.body, source.contentType, tags, now);
}

/**
 * A query-signed request (a presigned GET): its SigV4 signature over the method, the path as sent,
 * the other query parameters, the signed headers and the payload hash, and its expiry.
 */
function checkPresigned(options: S3StandInOptions, request: IncomingMessage, url: URL, now: Date): void {
  const query = url.searchParams;
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"',
    );
  const scope = parseCredential(query.get('X-Amz-Credential') ?? '', options.accessKeyId);
  const date = query.get('X-Amz-Date') ?? '';
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > 604_800)
    throw new S3Error(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be between 1 and 604800 seconds.',
    );
  if (amzDate(date).getTime() + expires * 1000 < now.getTime())
    throw new S3Error(403, 'AccessDenied', 'Request has expired', {
      Expires: new Date(amzDate(date).getTime() + expires * 1000).toISOString(),
      ServerTime: now.toISOString(),
    });
  const signedHeaders = (query.get('X-Amz-SignedHeaders') ?? 'host').split(';');
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const rawPath = (request.url ?? '/').split('?')[0]!;
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders.join(';'),
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope.scope, sha256Hex(canonicalRequest)].join('\n');
  const expected = hmac(
    signingKey(options.secretAccessKey, scope.date, scope.region, 's3'),
    stringToSign,
  ).toString('hex');
  if (!sameHex(expected, query.get('X-Amz-Signature') ?? ''))
    throw new S3Error(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
}

/** A request signed in its Authorization header: by the local key (the signature itself is not checked). */
function checkHeaderSigned(options: S3StandInOptions, request: IncomingMessage): void {
  const authorization = request.headers.authorization ?? '';
  const credential = /Credential=([^,\s]+)/.exec(authorization)?.[1];
  if (!authorization.startsWith('AWS4-HMAC-SHA256 ') || !credential)
    throw new S3Error(403, 'AccessDenied', 'Access Denied');
  parseCredential(credential, options.accessKeyId);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BYTES)
      throw new S3Error(
        400,
        'MaxPostPreDataLengthExceeded',
        'Your POST request fields preceeding the upload file was too large.',
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The objects, in memory and, with a folder, on disk (one `.bin` and one `.json` per key). */
class ObjectStore {
  private readonly objects = new Map<string, StoredObject>();

  constructor(private readonly dir: string | null) {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const meta = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<
        StoredObject,
        'body' | 'lastModified'
      > & {
        key: string;
        lastModified: string;
      };
      const body = join(dir, file.replace(/\.json$/, '.bin'));
      if (!existsSync(body)) continue;
      this.objects.set(meta.key, {
        ...meta,
        lastModified: new Date(meta.lastModified),
        body: readFileSync(body),
      });
    }
  }

  private paths(key: string) {
    const base = join(this.dir!, encodeURIComponent(key));
    return { body: `${base}.bin`, meta: `${base}.json` };
  }

  get(key: string) {
    return this.objects.get(key);
  }

  keys() {
    return [...this.objects.keys()];
  }

  put(key: string, object: StoredObject) {
    this.objects.set(key, object);
    if (!this.dir) return;
    const paths = this.paths(key);
    writeFileSync(paths.body, object.body);
    const { body: _body, ...meta } = object;
    writeFileSync(paths.meta, JSON.stringify({ ...meta, key }));
  }

  delete(key: string) {
    this.objects.delete(key);
    if (!this.dir) return;
    const paths = this.paths(key);
    rmSync(paths.body, { force: true });
    rmSync(paths.meta, { force: true });
  }
}

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const store = new ObjectStore(options.dataDir);
  /** Multipart uploads under way, by upload id: their parts by number (kept in memory only). */
  const multipart = new Map<
    string,
    { key: string; contentType: string; parts: Map<number, { body: Buffer; etag: string }> }
  >();

  const corsHeaders = (request: IncomingMessage): Record<string, string> => {
    const origin = request.headers.origin;
    if (!origin || origin !== options.allowedOrigin()) return {};
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Expose-Headers': 'ETag',
      'Access-Control-Max-Age': '3600',
      Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const now = new Date();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const cors = corsHeaders(request);
    const send = (status: number, headers: Record<string, string | number>, body?: Buffer | string) => {
      response.writeHead(status, { 'x-amz-request-id': 'local', ...cors, ...headers });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    try {
      const [, bucket = '', ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (request.method === 'OPTIONS') {
        if (Object.keys(cors).length === 0)
          throw new S3Error(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
        const asked = request.headers['access-control-request-headers'];
        return send(200, asked ? { 'Access-Control-Allow-Headers': asked } : {});
      }
      if (bucket !== options.bucket)
        throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });

      if (request.method === 'POST' && key === '') {
        const body = await readBody(request);
        const {
          key: objectKey,
          object,
          status,
        } = checkPost(options, parseMultipart(body, request.headers['content-type'] ?? ''), now);
        store.put(objectKey, object);
        const location = `${url.origin}/${options.bucket}/${encodeURIComponent(objectKey)}`;
        const headers = { ETag: object.etag, Location: location };
        if (status === 201)
          return send(
            201,
            { ...headers, 'Content-Type': 'application/xml' },
            `<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse><Location>${escapeXml(location)}</Location><Bucket>${options.bucket}</Bucket><Key>${escapeXml(objectKey)}</Key><ETag>${object.etag}</ETag></PostResponse>`,
          );
        return send(status, headers);
      }

      if (url.searchParams.has('X-Amz-Signature')) checkPresigned(options, request, url, now);
      else checkHeaderSigned(options, request);
      if (key === '')
        throw new S3Error(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
      const object = store.get(key);

      if (request.method === 'PUT' && request.headers['x-amz-copy-source'] !== undefined) {
        const copy = copyObject(options, store, request.headers, now);
        store.put(key, copy);
        return send(
          200,
          { 'Content-Type': 'application/xml' },
          `<?xml version="1.0" encoding="UTF-8"?>\n<CopyObjectResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><LastModified>${copy.lastModified.toISOString()}</LastModified><ETag>${escapeXml(copy.etag)}</ETag></CopyObjectResult>`,
        );
      }

      const uploadId = url.searchParams.get('uploadId');
      if (request.method === 'POST' && url.searchParams.has('uploads')) {
        const id = randomUUID();
        multipart.set(id, {
          key,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          parts: new Map(),
        });
        return send(
          200,
          { 'Content-Type': 'application/xml' },
          `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId !== null) {
        const upload = multipart.get(uploadId);
        if (!upload || upload.key !== key)
          throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.', {
            UploadId: uploadId,
          });
        if (request.method === 'PUT') {
          const body = await readBody(request);
          const etag = `"${createHash('md5').update(body).digest('hex')}"`;
          upload.parts.set(Number(url.searchParams.get('partNumber')), { body, etag });
          return send(200, { ETag: etag });
        }
        if (request.method === 'DELETE') {
          multipart.delete(uploadId);
          return send(204, {});
        }
        if (request.method === 'POST') {
          // The parts the completion names, in its order; every one but the last at least 5 MB, as S3 asks.
          const named = [
            ...(await readBody(request)).toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g),
          ].map((match) => Number(match[1]));
          const parts = named.map((number) => upload.parts.get(number));
          if (parts.some((part) => part === undefined))
            throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
          if (parts.slice(0, -1).some((part) => part!.body.length < MIN_PART_BYTES))
            throw new S3Error(
              400,
              'EntityTooSmall',
              'Your proposed upload is smaller than the minimum allowed size',
            );
          const body = Buffer.concat(parts.map((part) => part!.body));
          const completed: StoredObject = {
            body,
            contentType: upload.contentType,
            tags: {},
            lastModified: now,
            etag: `"${createHash('md5').update(body).digest('hex')}-${parts.length}"`,
          };
          store.put(key, completed);
          multipart.delete(uploadId);
          return send(
            200,
            { 'Content-Type': 'application/xml' },
            `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>${escapeXml(completed.etag)}</ETag></CompleteMultipartUploadResult>`,
          );
        }
      }

      if (request.method === 'PUT' && !url.searchParams.has('tagging')) {
        const body = await readBody(request);
        const put: StoredObject = {
          body,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          tags: {},
          lastModified: now,
          etag: `"${createHash('md5').update(body).digest('hex')}"`,
        };
        store.put(key, put);
        return send(200, { ETag: put.etag });
      }

      if (url.searchParams.has('tagging')) {
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        if (request.method === 'PUT') {
          object.tags = parseTagging((await readBody(request)).toString('utf8'));
          store.put(key, object);
          return send(200, {});
        }
        if (request.method === 'GET') {
          const tags = Object.entries(object.tags)
            .map(
              ([name, value]) => `<Tag><Key>${escapeXml(name)}</Key><Value>${escapeXml(value)}</Value></Tag>`,
            )
            .join('');
          return send(
            200,
            { 'Content-Type': 'application/xml' },
            `<?xml version="1.0" encoding="UTF-8"?>\n<Tagging xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><TagSet>${tags}</TagSet></Tagging>`,
          );
        }
      }
      if (request.method === 'DELETE') {
        store.delete(key);
        return send(204, {});
      }
      if (request.method === 'GET' || request.method === 'HEAD') {
        if (!object) {
          if (request.method === 'HEAD') return send(404, {});
          throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });
        }
        const ifMatch = request.headers['if-match'];
        if (ifMatch !== undefined && !etagMatches(ifMatch, object.etag)) throw preconditionFailed('If-Match');
        const headers: Record<string, string | number> = {
          'Content-Type': url.searchParams.get('response-content-type') ?? object.contentType,
          ETag: object.etag,
          'Last-Modified': object.lastModified.toUTCString(),
          'Accept-Ranges': 'bytes',
          'x-amz-server-side-encryption': 'AES256',
          ...(Object.keys(object.tags).length > 0
            ? { 'x-amz-tagging-count': Object.keys(object.tags).length }
            : {}),
        };
        const disposition = url.searchParams.get('response-content-disposition');
        if (disposition) headers['Content-Disposition'] = disposition;
        const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
        const size = object.body.length;
        if (range) {
          const first = Number(range[1]);
          const last = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
          if (first >= size)
            throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
              RangeRequested: request.headers.range ?? '',
              ActualObjectSize: size,
            });
          return send(
            206,
            {
              ...headers,
              'Content-Range': `bytes ${first}-${last}/${size}`,
              'Content-Length': last - first + 1,
            },
            object.body.subarray(first, last + 1),
          );
        }
        return send(200, { ...headers, 'Content-Length': size }, object.body);
      }
      throw new S3Error(
        405,
        'MethodNotAllowed',
        'The specified method is not allowed against this resource.',
      );
    } catch (error) {
      if (!(error instanceof S3Error)) throw error;
      // A HEAD carries no body: S3 answers its status alone.
      send(
        error.status,
        { 'Content-Type': 'application/xml' },
        s3ErrorXml(error.code, error.message, error.extra),
      );
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/xml' });
      response.end(s3ErrorXml('InternalError', 'We encountered an internal error. Please try again.'));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });

  const sweep = (now = new Date()) => {
    const rule = options.lifecycle;
    if (!rule) return 0;
    let deleted = 0;
    for (const key of store.keys()) {
      const object = store.get(key)!;
      if (!key.startsWith(rule.prefix) || object.tags[rule.tag] !== rule.value) continue;
      if (now.getTime() - object.lastModified.getTime() < rule.days * 86_400_000) continue;
      store.delete(key);
      deleted += 1;
    }
    return deleted;
  };
  const timer = setInterval(() => sweep(), SWEEP_EVERY_MS);
  timer.unref();

  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    server,
    sweep,
    object: (key) => store.get(key),
    put: (key, body, contentType) => store.put(key, stored(body, contentType, {}, new Date())),
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
