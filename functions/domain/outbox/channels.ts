import type { CountedMetric, GaugeMetric } from '@functions/commons/metrics';
import type { OutboxChannel } from '@functions/data/outbox';

/** What a channel's figures are called: its own, so an operator can tell late mail from a held chat. */
export interface ChannelFigures {
  /** An item sent. */
  readonly sent: CountedMetric;
  /** An item not sent: refused, not answered, or its outcome lost. */
  readonly failed: CountedMetric;
  /** Age of the channel's oldest item still to be sent, written by every re-drive run. */
  readonly oldestUnsent: GaugeMetric;
}

/**
 * Each outbox channel's figures (docs/architecture.md §7). Its sender is in sender.ts's table (a
 * module of its own per channel, mail-channel.ts and telegram-channel.ts), its failure list is its
 * own unsent index (functions/data/outbox.ts). Kept apart from the senders so the re-drive job
 * loads no channel's client.
 */
export const CHANNEL_FIGURES: Readonly<Record<OutboxChannel, ChannelFigures>> = {
  mail: { sent: 'MailsSent', failed: 'MailsFailed', oldestUnsent: 'OldestUnsentMailMinutes' },
  telegram: { sent: 'TelegramSent', failed: 'TelegramFailed', oldestUnsent: 'OldestUnsentTelegramMinutes' },
};
