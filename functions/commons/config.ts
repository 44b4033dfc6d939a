/** Reads a variable once, at module load, and fails fast with its name when it is missing. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

export function optionalEnv(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}

/**
 * The bucket of the messages' attachments (docs/architecture.md §4 "Messages and uploads"), and
 * where S3 is: AWS's own endpoint in AWS; locally `UPLOADS_S3_ENDPOINT`, the stand-in
 * (infra/local/s3-stand-in.ts), addressed path-style as it has no per-bucket host names. Read when
 * first used, so only the functions that touch the bucket need the variables.
 */
/** The site's bucket, whose prerendered pages the publisher rewrites (SITE_S3_ENDPOINT: the local stand-in). */
export function siteBucketConfig(): { bucket: string; endpoint: string | undefined } {
  const endpoint = process.env.SITE_S3_ENDPOINT;
  return { bucket: requireEnv('SITE_BUCKET'), endpoint: endpoint === '' ? undefined : endpoint };
}

export function uploadsBucketConfig(): { bucket: string; endpoint: string | undefined } {
  const endpoint = process.env.UPLOADS_S3_ENDPOINT;
  return { bucket: requireEnv('UPLOADS_BUCKET'), endpoint: endpoint === '' ? undefined : endpoint };
}
