import { amountDecimals } from '@shared/assets';
import { parseAmount } from '@web/lib/exchange-form';
import type { RuleWords } from '@web/lib/refusal-text';

/**
 * What is wrong with the calculator's typed amount before any quote is asked (a call the server
 * would refuse), as the apply route's rules name it: not a positive decimal number (`1e5`,
 * `12,5,3`, `-3`: amountInvalid), or more decimals than the asset to give has (`100000.123` RUB:
 * amountDecimals, 2 for fiat, 6 for USDT); null for an empty field or a good amount. Trailing zeros
 * are no decimals.
 */
export function amountInputRule(text: string, assetFrom: string): RuleWords | null {
  const typed = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (typed === '') return null;
  const value = parseAmount(typed);
  if (!Number.isFinite(value) || value <= 0) return { code: 'amountInvalid' };
  const decimals = amountDecimals(assetFrom);
  const fraction = (typed.split('.')[1] ?? '').replace(/0+$/, '');
  return fraction.length > decimals ? { code: 'amountDecimals', params: { decimals } } : null;
}
