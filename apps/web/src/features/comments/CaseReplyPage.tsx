import { useState } from 'react';
import { Card, Empty, Flex, Select, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/ui/use-debounced-value.ts';
import { useCaseChoices } from './api/find-cases.ts';
import { ThreadPanel } from './components/ThreadPanel.tsx';

/** `/caseReply`: the reply page the spec names — pick a case, read its thread, post a reply. */
export default function CaseReplyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const choices = useCaseChoices(keyword);
  const caseId = params.get('caseId');
  const chosen = choices.data?.find((c) => c.id === caseId);

  return (
    <Card data-testid="case-reply-page" title={t('comments.reply.title')}>
      <Flex vertical gap={16}>
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          value={caseId ?? undefined}
          onChange={(id: string) => setParams({ caseId: id })}
          placeholder={t('comments.reply.pick')}
          aria-label={t('comments.reply.pick')}
          loading={choices.isFetching}
          notFoundContent={choices.isFetching ? null : t('comments.reply.noCases')}
          options={(choices.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.patientName} · ${c.isSend ? c.receviceName : c.sendName} · ${c.time.slice(0, 10)}`,
          }))}
          style={{ width: '100%', maxWidth: 560 }}
          data-testid="reply-case"
        />
        {caseId ? (
          <ThreadPanel
            caseId={caseId}
            canComment={chosen ? chosen.actions.includes('comment') : true}
            maxHeight="55vh"
          />
        ) : (
          <Empty
            description={<Typography.Text type="secondary">{t('comments.reply.hint')}</Typography.Text>}
          />
        )}
      </Flex>
    </Card>
  );
}
