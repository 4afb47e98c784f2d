import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { caseTypeKey } from '../../shared/case-types.ts';
import { useCaseDesign } from '../../shared/tooth-chart/api/get-case-design.ts';
import { DesignSummary } from '../../shared/tooth-chart/DesignSummary.tsx';
import { useDesignCase } from './api/get-case.ts';
import { DesignEditor } from './components/DesignEditor.tsx';
import { LabNotes } from './components/LabNotes.tsx';
import { NoteEditor } from './components/NoteEditor.tsx';
import './design.css';

/**
 * `/caseDesign?id=<caseId>` (not in the menu; opened from a case's detail): the sending clinic designs the teeth;
 * a receiving lab (or the third party it was forwarded to) reads the chart and answers with its own design note.
 */
export default function CaseDesignPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const design = useCaseDesign(id);
  const kase = useDesignCase(id);

  if (!id)
    return (
      <Card data-testid="case-design-page">
        <Empty description={t('design.noCase')}>
          <Button type="primary" onClick={() => void navigate('/case')}>
            {t('design.toCases')}
          </Button>
        </Empty>
      </Card>
    );

  const d = design.data;
  const c = kase.data;
  const failed = design.isError || kase.isError;
  const party = c ? (c.isSend ? c.receviceName || c.sendName : c.sendName) : '';

  return (
    <Flex vertical gap={16} data-testid="case-design-page">
      <Card
        size="small"
        title={
          <Flex align="center" gap={8} wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('design.back')}
              onClick={() => void navigate(-1)}
            />
            <span>{t('design.title')}</span>
            {c && <Typography.Text type="secondary">· {c.patientName}</Typography.Text>}
          </Flex>
        }
        className="design-case-header"
      >
        {failed && <Alert type="error" showIcon title={t('design.loadFailed')} />}
        {!c ? (
          !failed && <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            data-testid="design-case"
            items={[
              { key: 'patient', label: t('cases.columns.patient'), children: c.patientName || '–' },
              { key: 'type', label: t('cases.columns.caseType'), children: t(caseTypeKey(c.caseType)) },
              {
                key: 'party',
                label: t(c.isSend ? 'cases.detail.receiver' : 'cases.detail.sender'),
                children: party || '–',
              },
              { key: 'doctor', label: t('cases.detail.doctor'), children: c.dentist || '–' },
            ]}
          />
        )}
      </Card>
      {!d ? (
        !failed && <Skeleton active />
      ) : d.actions.edit ? (
        <>
          <DesignEditor caseId={id} design={d} />
          <LabNotes notes={d.notes} emptyText={t('design.notes.none')} />
        </>
      ) : (
        <>
          <Card size="small" title={t('design.chart.label')}>
            {d.updatedAt ? (
              <DesignSummary design={d} showNotes={false} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('design.empty.receiver')} />
            )}
          </Card>
          {d.actions.answer && (
            <>
              <NoteEditor caseId={id} own={d.notes.find((n) => n.mine)} />
              {d.notes.some((n) => !n.mine) && (
                <LabNotes notes={d.notes.filter((n) => !n.mine)} emptyText={t('design.notes.none')} />
              )}
            </>
          )}
        </>
      )}
    </Flex>
  );
}
