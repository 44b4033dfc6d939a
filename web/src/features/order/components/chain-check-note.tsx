import type { ChainCheck } from '@shared/contract/deal';
import { Alert, type AlertTone } from '@web/components/ui/alert';
import { useTranslation } from '@web/lib/i18n';

const TONE: Record<ChainCheck['state'], AlertTone> = {
  matched: 'success',
  mismatch: 'warning',
  unverified: 'info',
};

/**
 * What the server found reading the client's USDT transaction on chain (docs/product.md §4 "USDT
 * on chain"): confirmed, or why it does not match, or why it could not be checked yet.
 */
export function ChainCheckNote({ check }: { check: ChainCheck }) {
  const { t } = useTranslation('profile');
  const reason = check.reason ? t(`order.now.chain.reason.${check.reason}`) : '';
  return <Alert tone={TONE[check.state]}>{t(`order.now.chain.${check.state}`, { reason })}</Alert>;
}
