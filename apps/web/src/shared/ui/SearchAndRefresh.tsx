import { Button, Input, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A list's toolbar start: the keyword search and the refresh button (spinning while it refetches). */
export function SearchAndRefresh(props: {
  keyword: string;
  onKeyword: (keyword: string) => void;
  placeholder: string;
  onRefresh: () => void;
  refreshing: boolean;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Input.Search
        allowClear
        value={props.keyword}
        onChange={(e) => props.onKeyword(e.target.value)}
        onSearch={props.onKeyword}
        placeholder={props.placeholder}
        style={{ maxWidth: 360, minWidth: 160, flex: '1 1 200px' }}
        data-testid={props['data-testid']}
      />
      <Tooltip title={t('common.refresh')}>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('common.refresh')}
          onClick={props.onRefresh}
          loading={props.refreshing}
        />
      </Tooltip>
    </>
  );
}
