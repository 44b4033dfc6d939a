import { publicEndpoint } from '@functions/pipeline/endpoint';
import { buildOpenApiDocument } from '@functions/routes/openapi';
import { openApi as route } from '@shared/routes/system';

export const handler = publicEndpoint(route, async () => ({ data: buildOpenApiDocument() }));
