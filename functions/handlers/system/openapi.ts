import { endpoint } from '../../commons/http';
import { buildOpenApiDocument } from '../../domain/openapi';
import { routes } from '../../routes';

export const handler = endpoint(routes.openApi, async () => ({ data: buildOpenApiDocument() }));
