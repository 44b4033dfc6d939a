import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type S3StandIn, startS3StandIn } from '@infra/local/s3-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The local uploads bucket against the AWS SDK's own presigners and client, as the functions use
 * them (infra/local/s3-stand-in.ts): what it accepts and how it refuses, in S3's shapes.
 */
const BUCKET = 'unit-uploads';
const SITE = 'http://localhost:3999';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const credentials = { accessKeyId: 'unit', secretAccessKey: 'unit-secret' };

let standIn: S3StandIn;
let s3: S3Client;
let keyCount = 0;
const freshKey = () => `attachments/app/${Date.now()}-${++keyCount}`;

beforeAll(async () => {
  standIn = await startS3StandIn({
    port: 0,
    bucket: BUCKET,
    region: 'us-east-1',
    ...credentials,
    allowedOrigin: () => SITE,
    dataDir: null,
    lifecycle: { prefix: 'attachments/', tag: 'upload', value: 'pending', days: 1 },
  });
  s3 = new S3Client({ endpoint: standIn.url, forcePathStyle: true, region: 'us-east-1', credentials });
});

afterAll(async () => {
  await standIn?.stop();
});

async function presignedPost(key: string, options: { maxBytes?: number; expires?: number } = {}) {
  return createPresignedPost(s3, {
    Bucket: BUCKET,
    Key: key,
    Conditions: [
      ['content-length-range', 1, options.maxBytes ?? 100],
      ['eq', '$Content-Type', 'image/png'],
    ],
    Fields: {
      'Content-Type': 'image/png',
      tagging: '<Tagging><TagSet><Tag><Key>upload</Key><Value>pending</Value></Tag></TagSet></Tagging>',
    },
    Expires: options.expires ?? 600,
  });
}

function post(
  upload: { url: string; fields: Record<string, string> },
  file: Buffer,
  change: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...change })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]), 'file.png');
  return fetch(upload.url, { method: 'POST', body: form, headers: { Origin: SITE } });
}

const errorCode = (xml: string) => /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];

describe('the S3 stand-in', () => {
  it('stores a presigned POST that meets its policy, tagged, for HeadObject and a ranged GetObject', async () => {
    const key = freshKey();
    const answer = await post(await presignedPost(key), PNG);

    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(head.ContentLength).toBe(PNG.length);
    expect(head.ContentType).toBe('image/png');
    const part = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, Range: 'bytes=0-7' }));
    expect(Buffer.from(await part.Body!.transformToByteArray())).toEqual(PNG.subarray(0, 8));
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: key }));
    expect(tags.TagSet).toEqual([{ Key: 'upload', Value: 'pending' }]);
  });

  it('refuses a file over the content-length-range with 400 EntityTooLarge, storing nothing', async () => {
    const key = freshKey();
    const answer = await post(await presignedPost(key, { maxBytes: 10 }), PNG);

    expect(answer.status).toBe(400);
    const xml = await answer.text();
    expect(errorCode(xml)).toBe('EntityTooLarge');
    expect(xml).toContain('<MaxSizeAllowed>10</MaxSizeAllowed>');
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({
      name: 'NotFound',
    });
  });

  it('refuses another Content-Type than the policy names with 403 AccessDenied', async () => {
    const answer = await post(await presignedPost(freshKey()), PNG, { 'Content-Type': 'application/pdf' });

    expect(answer.status).toBe(403);
    const xml = await answer.text();
    expect(errorCode(xml)).toBe('AccessDenied');
    expect(xml).toContain('Invalid according to Policy: Policy Condition failed');
  });

  it('refuses another key, a field the policy does not name, and a changed policy', async () => {
    const upload = await presignedPost(freshKey());

    const otherKey = await post(upload, PNG, { key: 'attachments/other/file' });
    expect([otherKey.status, errorCode(await otherKey.text())]).toEqual([403, 'AccessDenied']);
    const extra = await post(upload, PNG, { 'x-amz-meta-note': 'hello' });
    const extraXml = await extra.text();
    expect([extra.status, errorCode(extraXml)]).toEqual([403, 'AccessDenied']);
    expect(extraXml).toContain('Extra input fields: x-amz-meta-note');
    const policy = JSON.parse(Buffer.from(upload.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    policy.conditions[0] = ['content-length-range', 1, 10_000_000];
    const forged = await post(upload, PNG, {
      Policy: Buffer.from(JSON.stringify(policy)).toString('base64'),
    });
    expect([forged.status, errorCode(await forged.text())]).toEqual([403, 'SignatureDoesNotMatch']);
  });

  it('refuses a POST after its policy expired', async () => {
    const upload = await presignedPost(freshKey(), { expires: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const answer = await post(upload, PNG);

    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Policy expired');
  });

  it('serves a presigned GET with its response headers, and refuses it altered or unsigned', async () => {
    const key = freshKey();
    await post(await presignedPost(key), PNG);
    const url = await getSignedUrl(
      s3,
      new GetObjectCommand({
        Bucket: BUCKET,
        Key: key,
        ResponseContentType: 'image/png',
        ResponseContentDisposition: "inline; filename*=UTF-8''a%20b.png",
      }),
      { expiresIn: 300 },
    );

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''a%20b.png");
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PNG);

    const altered = await fetch(
      url.replace('response-content-type=image%2Fpng', 'response-content-type=text%2Fhtml'),
    );
    expect([altered.status, errorCode(await altered.text())]).toEqual([403, 'SignatureDoesNotMatch']);
    const unsigned = await fetch(`${standIn.url}/${BUCKET}/${key}`);
    expect([unsigned.status, errorCode(await unsigned.text())]).toEqual([403, 'AccessDenied']);
  });

  it('refuses a presigned GET once it expired', async () => {
    const key = freshKey();
    await post(await presignedPost(key), PNG);
    const url = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const answer = await fetch(url);

    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('Request has expired');
  });

  it("answers CORS preflights for the site's origin only", async () => {
    const preflight = (origin: string) =>
      fetch(`${standIn.url}/${BUCKET}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });

    expect((await preflight(SITE)).headers.get('access-control-allow-origin')).toBe(SITE);
    expect((await preflight('http://evil.example')).status).toBe(403);
  });

  it('retags and deletes; its lifecycle sweep deletes only pending uploads a day old', async () => {
    const kept = freshKey();
    const dropped = freshKey();
    await post(await presignedPost(kept), PNG);
    await post(await presignedPost(dropped), PNG);
    await s3.send(
      new PutObjectTaggingCommand({
        Bucket: BUCKET,
        Key: kept,
        Tagging: { TagSet: [{ Key: 'upload', Value: 'attached' }] },
      }),
    );

    expect(standIn.sweep(new Date(Date.now() + 23 * 3600_000))).toBe(0);
    standIn.sweep(new Date(Date.now() + 25 * 3600_000));

    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: dropped }))).rejects.toMatchObject({
      name: 'NotFound',
    });
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: kept }))).resolves.toMatchObject({
      ContentLength: PNG.length,
    });
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: kept }));
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: kept }))).rejects.toMatchObject({
      name: 'NotFound',
    });
  });

  it('copies an object server-side with its type, the tags REPLACE names, and the new ETag in its answer', async () => {
    const source = freshKey();
    await post(await presignedPost(source), PNG);
    const { ETag } = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: source }));
    const destination = `sent/app/${Date.now()}-${++keyCount}`;

    const copied = await s3.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: destination,
        CopySource: `${BUCKET}/${source}`,
        CopySourceIfMatch: ETag,
        TaggingDirective: 'REPLACE',
        Tagging: 'upload=attached',
      }),
    );

    expect(copied.CopyObjectResult?.ETag).toBe(ETag);
    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: destination }));
    expect(read.ContentType).toBe('image/png');
    expect(Buffer.from(await read.Body!.transformToByteArray())).toEqual(PNG);
    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: destination }));
    expect(tags.TagSet).toEqual([{ Key: 'upload', Value: 'attached' }]);
    const sourceTags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: source }));
    expect(sourceTags.TagSet).toEqual([{ Key: 'upload', Value: 'pending' }]);
  });

  it('copies the source’s tags when no directive says REPLACE', async () => {
    const source = freshKey();
    await post(await presignedPost(source), PNG);
    const destination = `sent/app/${Date.now()}-${++keyCount}`;

    await s3.send(
      new CopyObjectCommand({ Bucket: BUCKET, Key: destination, CopySource: `${BUCKET}/${source}` }),
    );

    const tags = await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: destination }));
    expect(tags.TagSet).toEqual([{ Key: 'upload', Value: 'pending' }]);
  });

  it('refuses a copy whose source changed since its ETag was read with 412 PreconditionFailed, writing nothing', async () => {
    const source = freshKey();
    const upload = await presignedPost(source);
    await post(upload, PNG);
    const { ETag } = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: source }));
    await post(upload, Buffer.from('<html><script>alert(1)</script></html>'));
    const destination = `sent/app/${Date.now()}-${++keyCount}`;

    await expect(
      s3.send(
        new CopyObjectCommand({
          Bucket: BUCKET,
          Key: destination,
          CopySource: `${BUCKET}/${source}`,
          CopySourceIfMatch: ETag,
        }),
      ),
    ).rejects.toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: destination }))).rejects.toMatchObject({
      name: 'NotFound',
    });
  });

  it('refuses a copy of a missing source with 404 NoSuchKey', async () => {
    await expect(
      s3.send(
        new CopyObjectCommand({
          Bucket: BUCKET,
          Key: 'sent/app/none',
          CopySource: `${BUCKET}/${freshKey()}`,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('answers a GET If-Match another ETag with 412 PreconditionFailed, and serves it If-Match its own', async () => {
    const key = freshKey();
    await post(await presignedPost(key), PNG);
    const { ETag } = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));

    await expect(
      s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key, IfMatch: '"0123456789abcdef"' })),
    ).rejects.toMatchObject({ name: 'PreconditionFailed' });
    const read = await s3.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: key, IfMatch: ETag, Range: 'bytes=0-7' }),
    );
    expect(Buffer.from(await read.Body!.transformToByteArray())).toEqual(PNG.subarray(0, 8));
  });
});

describe('the export worker’s writes', () => {
  const MB = 1024 * 1024;

  async function multipart(key: string, parts: Buffer[]) {
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key, ContentType: 'text/csv' }),
    );
    const sent = [];
    for (const [index, body] of parts.entries()) {
      const { ETag } = await s3.send(
        new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId, PartNumber: index + 1, Body: body }),
      );
      sent.push({ PartNumber: index + 1, ETag: ETag! });
    }
    return { UploadId: UploadId!, parts: sent };
  }

  it('takes a PutObject and serves it back', async () => {
    const key = `exports/${++keyCount}/file.csv`;
    await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'a;b\r\n', ContentType: 'text/csv' }),
    );

    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await read.Body!.transformToString()).toBe('a;b\r\n');
    expect(read.ContentType).toBe('text/csv');
  });

  it('joins a multipart upload’s parts in order on completion', async () => {
    const key = `exports/${++keyCount}/file.csv`;
    const parts = [Buffer.alloc(5 * MB, 'a'), Buffer.from('the last part may be small')];
    const upload = await multipart(key, parts);

    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: key,
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: upload.parts },
      }),
    );

    const read = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(Buffer.from(await read.Body!.transformToByteArray()).equals(Buffer.concat(parts))).toBe(true);
  });

  it('refuses to complete with a part under 5 MB but the last, as S3 does, and forgets an aborted upload', async () => {
    const key = `exports/${++keyCount}/file.csv`;
    const upload = await multipart(key, [Buffer.from('too small'), Buffer.from('last')]);

    await expect(
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: BUCKET,
          Key: key,
          UploadId: upload.UploadId,
          MultipartUpload: { Parts: upload.parts },
        }),
      ),
    ).rejects.toMatchObject({ name: 'EntityTooSmall' });
    await s3.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key: key, UploadId: upload.UploadId }));
    await expect(
      s3.send(
        new UploadPartCommand({
          Bucket: BUCKET,
          Key: key,
          UploadId: upload.UploadId,
          PartNumber: 3,
          Body: 'x',
        }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload' });
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({
      name: 'NotFound',
    });
  });
});
