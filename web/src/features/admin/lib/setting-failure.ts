import { ApiError } from '@web/lib/api-client';
import { refusalText, ruleText } from '@web/lib/refusal-text';
import { notify } from './notify';

/**
 * A refused save of a setting: the value's broken rule beside its field (`showFieldError`), any other
 * refusal as a toast (`fallback` when the server gave no text).
 */
export function showSettingFailure(
  failure: unknown,
  showFieldError: (text: string) => void,
  fallback: string,
): void {
  const field =
    failure instanceof ApiError ? failure.errors.find((item) => item.path === 'value') : undefined;
  if (field) showFieldError(ruleText(field));
  else notify.error(refusalText(failure, fallback));
}
