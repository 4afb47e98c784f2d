import { useState } from 'react';
import { Flex, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReceiverSearchResult } from '@archway/contract';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { RECEIVER_SEARCH_DEBOUNCE_MS, useReceiverSearch } from '../api/search-receivers.ts';
import { receiverTypeKey } from '../utils/receivers.ts';

interface OrgPickerProps {
  /** Given by Form.Item, so that the label focuses the picker. */
  id?: string;
  value?: ReceiverSearchResult | null;
  onChange?: (value: ReceiverSearchResult | null) => void;
  placeholder?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * Finds an organization by name, or by e-mail or phone where it allows that (product §5: debounced
 * 300 ms, at most 10 results, empty text clears the list). Organizations that cannot be added
 * (showAdd false, e.g. your own) are shown disabled.
 */
export function OrgPicker({ id, value, onChange, placeholder, disabled, ...rest }: OrgPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const key = useDebouncedValue(text.trim(), RECEIVER_SEARCH_DEBOUNCE_MS);
  const found = useReceiverSearch(key);
  const results = key === '' ? [] : (found.data ?? []);
  const shown = value && !results.some((r) => r.id === value.id) ? [value, ...results] : results;
  const searching = text.trim() !== '' && (text.trim() !== key || found.isFetching);

  return (
    <Select<string>
      id={id}
      data-testid={rest['data-testid']}
      value={value?.id}
      disabled={disabled}
      allowClear
      placeholder={placeholder ?? t('receivers.searchPlaceholder')}
      // Without a form label (its id), the placeholder's words name the field (a placeholder alone does not).
      aria-label={id ? undefined : (placeholder ?? t('receivers.searchPlaceholder'))}
      showSearch={{ filterOption: false, searchValue: text, onSearch: setText }}
      onChange={(id) => {
        onChange?.(shown.find((r) => r.id === id) ?? null);
        setText('');
      }}
      options={shown.map((r) => ({ value: r.id, label: r.name, disabled: !r.showAdd, result: r }))}
      optionRender={(option) => {
        const r = (option.data as { result: ReceiverSearchResult }).result;
        return (
          <Flex align="center" gap={8} wrap style={{ minWidth: 0 }} data-testid="org-option">
            <Typography.Text strong ellipsis style={{ maxWidth: 240 }}>
              {r.name}
            </Typography.Text>
            <Tag>{t(receiverTypeKey(r.custType))}</Tag>
            {r.phone !== null && <Typography.Text type="secondary">{r.phone}</Typography.Text>}
            {r.email !== null && <Typography.Text type="secondary">{r.email}</Typography.Text>}
            {!r.showAdd && <Typography.Text type="secondary">{t('receivers.cannotAdd')}</Typography.Text>}
          </Flex>
        );
      }}
      notFoundContent={
        searching ? (
          <Flex justify="center" style={{ padding: 8 }}>
            <Spin size="small" />
          </Flex>
        ) : (
          <Typography.Text type="secondary">
            {text.trim() === '' ? t('receivers.searchHint') : t('receivers.noMatch')}
          </Typography.Text>
        )
      }
      style={{ width: '100%' }}
    />
  );
}
