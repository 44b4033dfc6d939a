// swagger-ui-dist ships no types; the one global web/src/api-docs/main.ts calls once the bundle loaded.
interface SwaggerUIOptions {
  url: string;
  dom_id: string;
  deepLinking?: boolean;
  validatorUrl?: string | null;
}

interface Window {
  SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
}
