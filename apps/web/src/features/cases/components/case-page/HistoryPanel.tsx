import { useEffect, useRef } from 'react';
import { Alert, Button, Empty, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseEvent } from '@archway/contract';
import { ApiError } from '../../../../shared/request.ts';
import { useCaseHistory } from '../../api/get-case-history.ts';
import { byDay, eventSentence } from './case-page-model.ts';
import { useIntlLocale } from './use-intl-locale.ts';

/** One event: its sentence, who (person and organization) and when; the caller's own organization's on the right side. */
function EventItem({ event, locale }: { event: CaseEvent; locale: string }) {
  const { t } = useTranslation();
  const sentence = eventSentence(event);
  const translated = Object.fromEntries(Object.entries(sentence.keys).map(([name, key]) => [name, t(key)]));
  const who = [event.by, event.org].filter(Boolean).join(' · ');
  const time = new Date(event.at);
  return (
    <Flex
      vertical
      gap={2}
      className={`case-history-event${event.own ? ' is-own' : ''}`}
      data-testid="case-history-event"
      data-kind={event.kind}
      data-own={event.own}
    >
      <Typography.Text>
        {t(sentence.key, {
          ...sentence.values,
          ...translated,
          who: sentence.values.who || t('casePage.history.someone'),
        })}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {who && <span>{who} · </span>}
        <time dateTime={event.at}>
          {Number.isNaN(time.getTime())
            ? event.at
            : new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(time)}
        </time>{' '}
        <Tag
          bordered={false}
          color={event.own ? 'blue' : 'green'}
          style={{ marginInlineStart: 4, fontSize: 11, lineHeight: '18px' }}
        >
          {event.own ? t('casePage.history.own') : t('casePage.history.other')}
        </Tag>
      </Typography.Text>
    </Flex>
  );
}

/**
 * The case's history (GET /api/case/history): newest first, grouped by day, each event a sentence in the interface
 * language with who and when; the caller's own organization's events in blue, the other party's in green. A new
 * comment in the thread (`commentCount`) reads the history again, so the conversation shows here at once.
 */
export function HistoryPanel({ caseId, commentCount }: { caseId: string; commentCount: number }) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const history = useCaseHistory(caseId);
  const { refetch } = history;
  const seen = useRef(commentCount);
  useEffect(() => {
    if (seen.current === commentCount) return;
    seen.current = commentCount;
    void refetch();
  }, [commentCount, refetch]);

  if (history.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (history.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={
          history.error instanceof ApiError && history.error.kind === 'refused'
            ? t(history.error.i18nKey)
            : t('casePage.history.failed')
        }
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
        data-testid="case-history-failed"
      />
    );
  const events = history.data.list;
  if (events.length === 0)
    return <Empty description={t('casePage.history.empty')} data-testid="case-history-empty" />;
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  return (
    <Flex vertical gap={8} data-testid="case-history">
      {byDay(events).map((group) => (
        <section key={group.day} className="case-history-day">
          <Typography.Text strong className="case-history-day-title">
            {group.day ? dayFormat.format(new Date(group.events[0]!.at)) : '–'}
          </Typography.Text>
          <Timeline
            className="case-history-timeline"
            items={group.events.map((event, index) => ({
              key: `${event.at}-${index}`,
              color: event.own ? 'blue' : 'green',
              content: <EventItem event={event} locale={locale} />,
            }))}
          />
        </section>
      ))}
    </Flex>
  );
}
