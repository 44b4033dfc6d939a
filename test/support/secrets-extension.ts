import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Version {
  id: string;
  value: string;
  createdAt: number;
  stages: string[];
}

/**
 * A stand-in for the Parameters and Secrets Lambda extension serving one secret, for tests of the
 * AWS path: `GET /secretsmanager/get?secretId=…&versionStage=…` answers GetSecretValue's JSON
 * (CreatedDate in epoch seconds as the open-source agent writes it), or 400
 * ResourceNotFoundException when no version has the label. `put` behaves as
 * `aws secretsmanager put-secret-value`: the new version takes AWSCURRENT, the old current one
 * AWSPREVIOUS, the one before that loses its label.
 */
export async function startSecretsExtension(secretId: string, firstValue: string, createdAt: number) {
  const versions: Version[] = [];
  const put = (value: string, at: number): string => {
    for (const version of versions) {
      version.stages = version.stages.includes('AWSCURRENT') ? ['AWSPREVIOUS'] : [];
    }
    const id = randomUUID();
    versions.push({ id, value, createdAt: at, stages: ['AWSCURRENT'] });
    return id;
  };
  const firstVersionId = put(firstValue, createdAt);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const stage = url.searchParams.get('versionStage') ?? 'AWSCURRENT';
    const version = versions.find((entry) => entry.stages.includes(stage));
    if (request.headers['x-aws-parameters-secrets-token'] === undefined) {
      response.writeHead(403).end('Bad Token');
    } else if (url.pathname !== '/secretsmanager/get' || url.searchParams.get('secretId') !== secretId) {
      response
        .writeHead(400)
        .end(JSON.stringify({ __type: 'ResourceNotFoundException', message: 'No secret' }));
    } else if (!version) {
      response
        .writeHead(400)
        .end(
          JSON.stringify({ __type: 'ResourceNotFoundException', message: `No version labelled ${stage}` }),
        );
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          ARN: secretId,
          Name: 'JwtSigningKey',
          VersionId: version.id,
          SecretString: version.value,
          VersionStages: version.stages,
          CreatedDate: (version.createdAt / 1000).toFixed(3),
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    firstVersionId,
    put,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
