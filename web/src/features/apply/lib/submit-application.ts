import type { CreateApplicationBody } from '@shared/contract/applications';

/**
 * Sends the application. `true` when it was created (the form then resets), otherwise the server's
 * field errors by field (their texts, for the form to show beside the toast).
 */
export type SubmitApplication = (
  body: CreateApplicationBody,
  successKey: string,
) => Promise<true | Record<string, string>>;
