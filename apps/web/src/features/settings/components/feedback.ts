import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/request.ts';
import { toast } from '../../../shared/ui/toast.ts';

/**
 * Saving feedback of the settings panels (calls-and-errors §8.4): success shows emailUpdateSuccess; a refusal shows
 * the catalogue text of its `res` (emailUpdateError, emailUpdatesWarning, emailUpdateNoExit …); anything else
 * (no answer) shows `fallbackKey`.
 */
export function useSaveFeedback(fallbackKey = 'preferences.emailUpdateError') {
  const { t, i18n } = useTranslation();
  const failed = (error: unknown) => {
    const key = error instanceof ApiError && i18n.exists(error.i18nKey) ? error.i18nKey : fallbackKey;
    toast(t(key));
  };
  const saved = () => toast(t('preferences.emailUpdateSuccess'), 'success');
  return { saved, failed };
}
