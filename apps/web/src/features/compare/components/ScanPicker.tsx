import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompareCase } from '@archway/contract';
import { caseTypeKey } from '../../../shared/case-types.ts';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { useCompareCases } from '../api/get-compare-cases.ts';

/** The day a case was created, as the picker shows it. */
const dayOf = (createdAt: string) => createdAt.slice(0, 10);

/**
 * A searchable choice among the caller's cases that have a scan (the server searches patient names; typing waits a
 * moment before asking). The chosen case stays in the list while another search runs.
 */
export function CasePicker({
  value,
  onChange,
  label,
  testId,
}: {
  value: CompareCase | null;
  onChange: (value: CompareCase | null) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, 300);
  const cases = useCompareCases(keyword);
  const list = cases.data ?? [];
  const all = value && !list.some((c) => c.id === value.id) ? [value, ...list] : list;
  return (
    <Select
      value={value?.id}
      onChange={(id: string | undefined) => onChange(all.find((c) => c.id === id) ?? null)}
      placeholder={t('compare.pick.casePlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={cases.isFetching}
      notFoundContent={cases.isFetching ? undefined : t('compare.pick.noCases')}
      aria-label={label}
      style={{ width: '100%' }}
      data-testid={testId}
      optionLabelProp="title"
      options={all.map((c) => ({
        value: c.id,
        title: `${c.patientName || t('compare.pick.noName')} · ${dayOf(c.createdAt)}`,
        label: (
          <span data-testid="compare-case-option">
            {c.patientName || t('compare.pick.noName')}
            <span style={{ opacity: 0.6 }}>
              {' '}
              · {dayOf(c.createdAt)} · {t(caseTypeKey(c.caseType))} ·{' '}
              {t('compare.pick.scans', { count: c.files.length })}
            </span>
          </span>
        ),
      }))}
    />
  );
}

/** One scan file of the chosen case. */
export function FilePicker({
  files,
  value,
  onChange,
  label,
  testId,
  disabled,
}: {
  files: CompareCase['files'];
  value: string | null;
  onChange: (id: string) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      value={value ?? undefined}
      onChange={onChange}
      placeholder={t('compare.pick.filePlaceholder')}
      disabled={disabled || files.length === 0}
      aria-label={label}
      style={{ width: '100%' }}
      data-testid={testId}
      options={files.map((f) => ({ value: f.id, label: f.name }))}
    />
  );
}
