import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, List, Pagination, Skeleton, Tag, Typography } from 'antd';
import { LockOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { caseTypeKey } from '../../../shared/case-types.ts';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { joinLine } from '../../../shared/ui/join-line.ts';
import { useBuilderCases } from '../api/get-builder-cases.ts';
import { localDateTime } from './dates.ts';

/**
 * Without `?id=`: the caller's cases (the case box, newest first), searchable by patient, doctor or organization;
 * choosing one opens the builder on it. No case at all: says so and leads to the case box.
 */
export function CasePicker({ onPick }: { onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(keyword.trim(), 300);
  const list = useBuilderCases(search, page);
  const rows = list.data?.records ?? [];

  return (
    <Card className="builder-picker" data-testid="builder-picker">
      <Flex vertical gap={12}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('models.picker.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('models.picker.hint')}</Typography.Text>
        </div>
        <Input.Search
          allowClear
          value={keyword}
          placeholder={t('models.picker.search')}
          aria-label={t('models.picker.search')}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          data-testid="builder-picker-search"
        />
        {list.isLoading ? (
          <Skeleton active />
        ) : rows.length === 0 ? (
          <Empty
            description={search ? t('models.picker.noMatch') : t('models.picker.empty')}
            data-testid="builder-picker-empty"
          >
            {!search && (
              <Button type="primary" onClick={() => void navigate('/case')}>
                {t('models.picker.openCases')}
              </Button>
            )}
          </Empty>
        ) : (
          <>
            <List
              dataSource={rows}
              rowKey="id"
              renderItem={(row) => (
                <List.Item
                  className="builder-picker-row"
                  data-testid="builder-picker-row"
                  data-case-id={row.id}
                >
                  {/* The button is inside the list item: a list holds only items (WCAG 1.3.1). */}
                  <div
                    className="builder-picker-hit"
                    role="button"
                    tabIndex={0}
                    onClick={() => onPick(row.id)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' && e.key !== ' ') return;
                      e.preventDefault();
                      onPick(row.id);
                    }}
                  >
                    <List.Item.Meta
                      title={
                        <Flex gap={8} align="center" wrap>
                          <span className="builder-picker-name">{row.patientName || '—'}</span>
                          <Tag>{t(caseTypeKey(row.caseType))}</Tag>
                          {row.crypto === 1 && (
                            <Tag icon={<LockOutlined />} color="gold">
                              {t('models.picker.encrypted')}
                            </Tag>
                          )}
                        </Flex>
                      }
                      description={
                        <span>
                          {joinLine([row.isSend ? row.receviceName : row.sendName, localDateTime(row.time)])}
                        </span>
                      }
                    />
                    <RightOutlined aria-hidden />
                  </div>
                </List.Item>
              )}
            />
            {(list.data?.totalRecords ?? 0) > 10 && (
              <Pagination
                size="small"
                align="end"
                current={page}
                pageSize={10}
                total={list.data?.totalRecords ?? 0}
                showSizeChanger={false}
                onChange={setPage}
              />
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}
