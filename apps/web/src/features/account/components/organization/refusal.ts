import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../shared/request.ts';
import { toast } from '../../../../shared/ui/toast.ts';

/**
 * Shows a refusal of an organization call at its form field when the server names one the form has (name, phone,
 * licence …), else as a toast with the catalogue text.
 */
export function showOrgRefusal(error: unknown, t: TFunction, form?: FormInstance, fields: string[] = []) {
  if (!(error instanceof ApiError)) return;
  const text = t(error.i18nKey);
  const field = error.field?.replace(/^body\./, '');
  if (form && field && fields.includes(field)) {
    form.setFields([{ name: field, errors: [text] }]);
    form.scrollToField(field);
    return;
  }
  toast(text);
}
