import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { ThreadPanel } from './ThreadPanel.tsx';

/** A case's thread in a drawer: from the right on wider screens, full width on a phone. */
export function ThreadDrawer({
  caseId,
  title,
  canComment,
  onClose,
}: {
  caseId: string | null;
  title?: string;
  canComment?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mode = useViewportMode();
  return (
    <Drawer
      open={Boolean(caseId)}
      onClose={onClose}
      title={title ? t('comments.threadTitle', { name: title }) : t('comments.thread')}
      size={mode === 'mobile' ? '100%' : 560}
      destroyOnHidden
      data-testid="comment-drawer"
      styles={{ body: { display: 'flex', flexDirection: 'column' } }}
    >
      {caseId && <ThreadPanel caseId={caseId} canComment={canComment} maxHeight="calc(100vh - 330px)" />}
    </Drawer>
  );
}
