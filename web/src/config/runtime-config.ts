/**
 * Settings read at run time from `/config.json` (served beside the app by CloudFront and by the
 * local stack), so the market-data service can change without a rebuild.
 */
export interface RuntimeConfig {
  marketDataUrl: string;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  marketDataUrl: 'https://api.coingecko.com/api/v3',
};

let loading: Promise<RuntimeConfig> | null = null;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  loading ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : {}))
    .then((raw: Partial<RuntimeConfig>) => ({
      marketDataUrl:
        typeof raw.marketDataUrl === 'string' && raw.marketDataUrl
          ? raw.marketDataUrl.replace(/\/+$/, '')
          : DEFAULT_RUNTIME_CONFIG.marketDataUrl,
    }))
    .catch(() => DEFAULT_RUNTIME_CONFIG);
  return loading;
}
