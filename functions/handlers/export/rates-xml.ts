import { monitorsRatesFile } from '@functions/domain/export/rates-export';
import { publicEndpoint } from '@functions/pipeline/endpoint';
import { RATES_EXPORT_CACHE_SECONDS } from '@shared/constants';
import { exportRatesXml as route } from '@shared/routes/export';

/** Monitors and CloudFront keep the file as long as each other (infra/constructs/site-distribution.ts). */
export const handler = publicEndpoint(route, async ({ query, headers }) => {
  const file = await monitorsRatesFile({ token: query.token, ifNoneMatch: headers['if-none-match'] });
  const validators = {
    ETag: file.etag,
    'Last-Modified': file.lastModified.toUTCString(),
    'Cache-Control': `public, max-age=${RATES_EXPORT_CACHE_SECONDS}`,
  };
  return file.unchanged
    ? { status: 304, document: '', headers: validators }
    : {
        document: file.document,
        headers: { ...validators, 'Content-Type': 'application/xml; charset=utf-8' },
      };
});
