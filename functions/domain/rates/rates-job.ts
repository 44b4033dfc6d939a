import { readRatesTable } from '@functions/data/rates';
import { holdPlaces, type PositioningRun } from './bestchange/hold-place';
import { type FeedRun, refreshFeedPrices } from './feed';
import { type ProviderConfig, providerConfigFromEnv } from './providers';

/**
 * One run of the rates job (every minute): the market prices, then the places held on BestChange,
 * on one read of the rates (the prices' writes change no direction or position). An archive that
 * cannot be read is each positioned direction's problem, never the prices'.
 */
export async function runRatesJob(
  now = new Date(),
  config: ProviderConfig = providerConfigFromEnv(),
): Promise<FeedRun & { positioning: PositioningRun }> {
  const table = await readRatesTable();
  const feed = await refreshFeedPrices(now, config, table);
  const archive = { url: config.bestChangeArchiveUrl, timeoutMs: config.timeoutMs };
  return { ...feed, positioning: await holdPlaces(now, archive, table) };
}
