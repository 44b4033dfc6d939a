import { publicEndpoint } from '../../commons/http';
import { buildOpenApiDocument } from '../../domain/openapi';
import { openApi as route } from '../../routes';

export const handler = publicEndpoint(route, async () => ({ data: buildOpenApiDocument() }));
