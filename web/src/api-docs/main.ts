import 'swagger-ui-dist/swagger-ui.css';
import { openApi } from '@shared/routes/system';
import viewerUrl from 'swagger-ui-dist/swagger-ui-bundle.js?url';

/**
 * The API reference at /api/docs (docs/architecture.md §2): Swagger UI renders GET /api/openapi.json.
 * A page of its own (web/api-docs.html), so the viewer never loads with the app, and served under a
 * policy of its own (infra/security-headers.ts). The viewer's prebuilt bundle is loaded as a file of
 * the site rather than bundled: bundling its CommonJS would share a runtime chunk with the app and
 * grow the landing page's JavaScript.
 */
const script = document.createElement('script');
script.src = viewerUrl;
script.addEventListener('load', () => {
  window.SwaggerUIBundle({
    url: openApi.path,
    dom_id: '#api-reference',
    deepLinking: true,
    // No call to the public validator service: the document is validated by the tests.
    validatorUrl: null,
  });
});
document.head.append(script);
