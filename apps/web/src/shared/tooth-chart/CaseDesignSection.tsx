import { Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCaseDesign } from './api/get-case-design.ts';
import { DesignSummary } from './DesignSummary.tsx';

/** Where a case's design is edited (the sender) or answered (a receiver). */
export const caseDesignPath = (caseId: string) => `/caseDesign?id=${encodeURIComponent(caseId)}`;

/**
 * A case's design inside the case detail or the printed sheet: the read-only chart and notes, or the empty state;
 * on screen also a button to /caseDesign ("Design the teeth" for the sender, "Design" / "Answer" otherwise), which
 * calls `onNavigate` first (the detail closes itself). `print`: no buttons, nothing when there is no design.
 */
export function CaseDesignSection({
  caseId,
  print = false,
  onNavigate,
}: {
  caseId: string;
  print?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const design = useCaseDesign(caseId);
  const d = design.data;
  if (print)
    return d && (d.updatedAt || d.notes.length) ? (
      <>
        <h3>{t('design.title')}</h3>
        <DesignSummary design={d} />
      </>
    ) : null;
  if (design.isError) return <Typography.Text type="secondary">{t('design.loadFailed')}</Typography.Text>;
  if (!d) return <Skeleton active paragraph={{ rows: 2 }} />;
  const open = () => {
    onNavigate?.();
    void navigate(caseDesignPath(caseId));
  };
  const saved = Boolean(d.updatedAt);
  return (
    <Flex vertical gap={8} data-testid="case-design-section" style={{ marginTop: 16 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('design.title')}
      </Typography.Title>
      {saved || d.notes.length ? (
        <DesignSummary design={d} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={d.actions.edit ? t('design.empty.sender') : t('design.empty.title')}
          style={{ margin: 0 }}
        />
      )}
      <Flex>
        <Button
          icon={<EditOutlined />}
          type={d.actions.edit && !saved ? 'primary' : 'default'}
          onClick={open}
          data-testid="open-design"
        >
          {d.actions.edit
            ? saved
              ? t('design.actions.edit')
              : t('design.actions.start')
            : d.actions.answer
              ? t('design.actions.answer')
              : t('design.actions.open')}
        </Button>
      </Flex>
    </Flex>
  );
}
