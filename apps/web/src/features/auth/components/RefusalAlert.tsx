import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/request.ts';

/** A failed call of the pages before sign-in, above their form: the catalogue's text, else the error's message. */
export function RefusalAlert({ error, testId }: { error: Error | null; testId?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const text = error instanceof ApiError ? t(error.i18nKey, { defaultValue: error.message }) : error.message;
  return <Alert type="error" showIcon title={text} style={{ marginBottom: 16 }} data-testid={testId} />;
}
