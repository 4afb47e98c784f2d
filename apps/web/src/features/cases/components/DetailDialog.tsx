import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Segmented, Skeleton, Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '@archway/contract';
import { useCaseDetail } from '../api/get-case-detail.ts';
import { caseTypeKey } from '../utils/filters.ts';
import { localDate } from '../utils/dates.ts';
import { otherPartyName } from '../utils/party.ts';
import { formatBytes } from '../utils/progress.ts';
import { PRINT_LAYOUTS, QUADRANTS, teethByQuadrant, type PrintLayout } from '../utils/print.ts';
import { processStatusKey } from '../utils/process-status.ts';
import { caseNumber } from '../utils/case-number.ts';
import { DateText, DirectionTag, ProcessTag } from './cells.tsx';
import { ProcessStatusSelect } from './ProcessStatusSelect.tsx';
import { FilledOrderForms } from './FilledOrderForms.tsx';
import { CaseDesignSection } from '../../../shared/tooth-chart/CaseDesignSection.tsx';

const dash = (value: string | null | undefined) => (value ? value : '–');

/** The case status; a forwarded case's third party (or, for the third party, the lab) follows it (product §4). */
function useStatusText() {
  const { t } = useTranslation();
  return (d: CaseDetail) => {
    const status = t(`cases.status.${d.status}`, { defaultValue: t('cases.status.7') });
    if (d.thirdPartyName) return t('cases.forward.statusWith', { status, name: d.thirdPartyName });
    if (d.forwardedByName)
      return t('cases.forward.statusWith', {
        status,
        name: t('cases.forward.via', { name: d.forwardedByName }),
      });
    return status;
  };
}

/** FDI positions by quadrant, one line each (upper right, upper left, lower left, lower right). */
function Teeth({ teeth }: { teeth: readonly number[] }) {
  const { t } = useTranslation();
  if (teeth.length === 0) return <>–</>;
  const groups = teethByQuadrant(teeth);
  return (
    <Flex vertical gap={2} data-testid="case-teeth">
      {QUADRANTS.filter((q) => groups[q].length > 0).map((q) => (
        <span key={q}>
          <Typography.Text type="secondary">{t(`cases.quadrants.${q}`)}: </Typography.Text>
          {groups[q].join(', ')}
        </span>
      ))}
    </Flex>
  );
}

/** Each receiver's lab progress, for the sender (the third party's name after its status). */
function ReceiverProgress({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  if (detail.receivers.length === 0) return <>–</>;
  return (
    <Flex vertical gap={4}>
      {detail.receivers.map((r) => (
        <span key={r.custId}>
          <ProcessTag status={r.processStatus} /> {r.custName}
        </span>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('cases.progress.receiversHint')}
      </Typography.Text>
    </Flex>
  );
}

/** The case detail (GET /detail/{id}): every field of product §2, the lab progress, the print layout choice. */
export function DetailDialog({
  caseId,
  reduced,
  onPrint,
  onClose,
}: {
  caseId: string;
  reduced: boolean;
  onPrint: (layout: PrintLayout) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const statusText = useStatusText();
  const detail = useCaseDetail(caseId);
  const [layout, setLayout] = useState<PrintLayout>('sheet');
  const d = detail.data;

  const sex = d?.sex === 'male' || d?.sex === 'female' ? t(`cases.detail.${d.sex}`) : null;
  const jaws = d
    ? [d.upperJaw && t('cases.detail.upperJaw'), d.lowerJaw && t('cases.detail.lowerJaw')]
        .filter(Boolean)
        .join(', ')
    : '';

  return (
    <Modal
      open
      title={t('cases.detail.title')}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      footer={
        <Flex gap={8} justify="flex-end" align="center" wrap>
          <Typography.Text type="secondary">{t('cases.print.layout')}</Typography.Text>
          <Segmented<PrintLayout>
            value={layout}
            onChange={setLayout}
            size="small"
            data-testid="detail-print-layout"
            options={PRINT_LAYOUTS.map((value) => ({ value, label: t(`cases.print.${value}`) }))}
          />
          <Button
            icon={<PrinterOutlined />}
            disabled={!d}
            onClick={() => onPrint(layout)}
            data-testid="detail-print"
          >
            {t('cases.actions.print')}
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Flex>
      }
    >
      {detail.isError && <Alert type="error" showIcon title={t('cases.detail.failed')} />}
      {!d ? (
        <Skeleton active />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="case-detail"
          styles={{ label: { width: '38%' } }}
          items={[
            {
              key: 'patient',
              label: t('cases.columns.patient'),
              children: (
                <span data-testid="detail-patient">
                  {[d.patientName, sex, d.age !== null ? t('cases.detail.ageValue', { age: d.age }) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ),
            },
            {
              key: 'number',
              label: t('cases.print.caseNumber'),
              children: <span data-testid="detail-case-number">{caseNumber(d.id)}</span>,
            },
            { key: 'type', label: t('cases.columns.caseType'), children: t(caseTypeKey(d.caseType)) },
            {
              key: 'direction',
              label: t('cases.columns.direction'),
              children: <DirectionTag isSend={d.isSend} />,
            },
            { key: 'party', label: t('cases.columns.party'), children: dash(otherPartyName(d)) },
            { key: 'doctor', label: t('cases.detail.doctor'), children: dash(d.dentist) },
            { key: 'clinic', label: t('cases.detail.clinic'), children: dash(d.clinic) },
            { key: 'phone', label: t('cases.detail.phone'), children: dash(d.phone) },
            {
              key: 'first',
              label: t('cases.detail.firstUpload'),
              children: <DateText value={d.firstUpload} />,
            },
            { key: 'last', label: t('cases.detail.lastUpload'), children: <DateText value={d.lastUpload} /> },
            { key: 'due', label: t('cases.detail.dueDate'), children: dash(localDate(d.dueDate)) },
            { key: 'remark', label: t('cases.detail.remark'), children: dash(d.remark) },
            { key: 'device', label: t('cases.detail.deviceNumber'), children: dash(d.deviceNumber) },
            { key: 'software', label: t('cases.detail.softwareVersion'), children: dash(d.softwareVersion) },
            { key: 'teeth', label: t('cases.detail.teeth'), children: <Teeth teeth={d.teeth} /> },
            { key: 'jaws', label: t('cases.detail.jaws'), children: dash(jaws) },
            {
              key: 'design',
              label: t('cases.detail.designRequirement'),
              children: dash(d.designRequirement),
            },
            { key: 'material', label: t('cases.detail.material'), children: dash(d.material) },
            { key: 'color', label: t('cases.detail.toothColor'), children: dash(d.toothColor) },
            { key: 'implant', label: t('cases.detail.implantType'), children: dash(d.implantType) },
            {
              key: 'restoration',
              label: t('cases.detail.restorationType'),
              children: dash(d.restorationType),
            },
            ...(reduced
              ? []
              : [
                  {
                    key: 'format',
                    label: t('cases.columns.format'),
                    children: (
                      <Flex gap={6} wrap>
                        <Tag>{dash(d.ext.toUpperCase())}</Tag>
                        <Tag color={d.crypto === 1 ? 'gold' : 'default'}>
                          {t(d.crypto === 1 ? 'cases.encrypted' : 'cases.plain')}
                        </Tag>
                      </Flex>
                    ),
                  },
                ]),
            {
              key: 'status',
              label: t('cases.detail.status'),
              children: statusText(d),
            },
            {
              key: 'progress',
              label: t('cases.progress.label'),
              children: d.actions.includes('status') ? (
                <ProcessStatusSelect caseId={d.id} current={d.processStatus} />
              ) : d.isSend ? (
                <ReceiverProgress detail={d} />
              ) : (
                <span data-testid="detail-progress">{t(processStatusKey(d.processStatus))}</span>
              ),
            },
            {
              key: 'files',
              label: t('cases.detail.files'),
              children:
                d.files.length === 0 ? (
                  '–'
                ) : (
                  <Flex vertical gap={2}>
                    {d.files.map((f) => (
                      <Typography.Text key={f.id} ellipsis={{ tooltip: f.name }} style={{ maxWidth: '100%' }}>
                        {t('cases.detail.file', { name: f.name, size: formatBytes(f.size) })}
                      </Typography.Text>
                    ))}
                  </Flex>
                ),
            },
            { key: 'downloads', label: t('cases.detail.downloadCount'), children: d.downloadCount },
          ]}
        />
      )}
      {d && <FilledOrderForms forms={d.orderForms} />}
      {d && <CaseDesignSection caseId={d.id} onNavigate={onClose} />}
    </Modal>
  );
}
