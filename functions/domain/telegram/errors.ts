import { NotAuthenticated, StateConflict, Unavailable } from '@functions/commons/errors';

/** This installation has no Telegram bot (no token and username configured). */
export class TelegramBotNotConfigured extends StateConflict {
  constructor() {
    super('No Telegram bot is configured for this exchange.');
  }
}

/** The test message needs the staff group chat (setting telegramStaffChatId). */
export class TelegramStaffChatMissing extends StateConflict {
  constructor() {
    super('Choose the staff group chat first.');
  }
}

/** Telegram did not answer or refused the bot's call (the webhook's set-up). */
export class TelegramUnavailable extends Unavailable {
  constructor(reason: string) {
    super('Telegram did not answer; try again in a minute.', { params: { reason } });
  }
}

/** A webhook call without the secret given to setWebhook: not from Telegram. */
export class TelegramSecretMismatch extends NotAuthenticated {
  constructor() {
    super('The webhook secret is missing or wrong.');
  }
}
