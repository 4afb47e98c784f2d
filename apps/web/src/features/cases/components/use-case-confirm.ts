import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a case action that cannot simply be taken back (cancel, to the bin, delete for good): a danger
 * confirmation whose OK runs the action (its refusal shows as the request layer's toast). The case lists and the
 * case page ask the same way.
 */
export function useCaseConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger: true, id: 'case-confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: () => run().catch(() => undefined),
    });
  return {
    confirm,
    /** The sender cancels its case. */
    cancelCase: (patient: string, run: () => Promise<unknown>) =>
      confirm(
        t('cases.confirm.cancelTitle'),
        t('cases.confirm.cancelBody', { patient }),
        t('cases.actions.cancel'),
        run,
      ),
    /** `count` cases to the recycle bin. */
    recycle: (count: number, run: () => Promise<unknown>) =>
      confirm(
        t('cases.confirm.recycleTitle'),
        t('cases.confirm.recycleBody', { count }),
        t('cases.actions.recycle'),
        run,
      ),
    /** `count` cases deleted for good from the bin. */
    purge: (count: number, run: () => Promise<unknown>) =>
      confirm(
        t('cases.confirm.purgeTitle'),
        t('cases.confirm.purgeBody', { count }),
        t('cases.actions.purge'),
        run,
      ),
  };
}
