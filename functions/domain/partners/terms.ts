import type { DirectionTerms, PartnerRecord, PartnerTerms } from '@functions/data/partners';
import { settingValue } from '../settings/settings';

/**
 * Which terms a deal of a direction earns its partner (docs/product.md "Partners"), the first that
 * exists: the partner's own for that direction, the partner's own for all, the default for that
 * direction, the settings' for all.
 */
export function termsOfDirection(
  partner: Pick<PartnerRecord, 'terms' | 'directionTerms'> | undefined,
  defaults: { all: PartnerTerms; directions: readonly DirectionTerms[] },
  direction: string,
): PartnerTerms {
  const own = partner?.directionTerms.find((terms) => terms.direction === direction);
  const byDefault = defaults.directions.find((terms) => terms.direction === direction);
  const chosen = own ?? partner?.terms ?? byDefault ?? defaults.all;
  return { profitPercent: chosen.profitPercent, volumePercent: chosen.volumePercent };
}

/** The settings' terms, every direction's default unless it has its own. */
export async function settingsTerms(): Promise<PartnerTerms> {
  const [profitPercent, volumePercent] = await Promise.all([
    settingValue('partnerShareOfProfitPercent'),
    settingValue('partnerShareOfVolumePercent'),
  ]);
  return { profitPercent, volumePercent };
}
