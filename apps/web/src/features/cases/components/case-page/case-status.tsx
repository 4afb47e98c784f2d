import { Flex, Tag } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '@archway/contract';
import { localDate } from '../../utils/dates.ts';
import { PROCESS_COLORS, processStatusKey } from '../../utils/process-status.ts';
import { ProcessStatusSelect } from '../ProcessStatusSelect.tsx';
import { dueIn, dueInText } from './case-page-model.ts';
import { useIntlLocale } from './use-intl-locale.ts';

/** The due date and the time left until it, in the interface language; red once past, orange within two days. */
export function DueDate({ due }: { due: string | null }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const left = dueIn(due, new Date());
  if (!due) return null;
  const color = !left ? 'default' : left.overdue ? 'red' : left.days <= 2 ? 'orange' : 'default';
  return (
    <Tag icon={<CalendarOutlined />} color={color} data-testid="case-page-due" className="case-page-tag">
      {t('casePage.header.due', { date: localDate(due) })}
      {left && (
        <>
          {' '}
          ·{' '}
          {left.overdue
            ? t('casePage.header.overdue', { when: dueInText(left, locale) })
            : dueInText(left, locale)}
        </>
      )}
    </Tag>
  );
}

/** The lab's progress: a select for the receiving lab (the server's `status`), else each lab's as a tag. */
export function LabProgress({ detail: d }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  if (d.actions.includes('status')) return <ProcessStatusSelect caseId={d.id} current={d.processStatus} />;
  if (d.isSend && d.receivers.length > 0)
    return (
      <Flex gap={4} wrap data-testid="case-page-progress">
        {d.receivers.map((r) => (
          <Tag
            key={r.custId}
            color={r.processStatus ? PROCESS_COLORS[r.processStatus] : 'default'}
            className="case-page-tag"
          >
            {d.receivers.length > 1 ? `${r.custName}: ` : ''}
            {t(processStatusKey(r.processStatus))}
          </Tag>
        ))}
      </Flex>
    );
  return (
    <Tag
      color={d.processStatus ? PROCESS_COLORS[d.processStatus] : 'default'}
      data-testid="case-page-progress"
      className="case-page-tag"
    >
      {t(processStatusKey(d.processStatus))}
    </Tag>
  );
}
