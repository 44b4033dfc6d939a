import { publicEndpoint } from '@functions/commons/http';
import { buildOpenApiDocument } from '@functions/domain/openapi';
import { openApi as route } from '@functions/routes';

export const handler = publicEndpoint(route, async () => ({ data: buildOpenApiDocument() }));
