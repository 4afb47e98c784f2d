import { useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Result, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageDef } from '../../../shared/i18n/languages.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useDeleteHelpArticle } from '../api/help-delete-article.ts';
import { useHelpArticles, type HelpArticleRow } from '../api/help-list-articles.ts';
import { HelpArticleDialog } from './HelpArticleDialog.tsx';

const languageName = (code: string) => (isLanguage(code) ? languageDef(code).nativeName : code);

/** `/manager` "Help articles": the knowledge base the help widget answers from (administrators). */
export function HelpArticlesTab() {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const lang = storedLanguage();
  const list = useHelpArticles(lang);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const remove = useDeleteHelpArticle();

  const confirmDelete = (row: HelpArticleRow) =>
    modal.confirm({
      title: t('help.articles.deleteTitle'),
      content: t('help.articles.deleteBody', { title: row.title }),
      okText: t('help.articles.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync(row.id)
          .then(() => toast(t('help.articles.deleted'), 'success'))
          .catch(() => undefined),
    });

  if (list.isError)
    return (
      <Result
        status="warning"
        subTitle={t('help.articles.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );

  const create = () => setEditing({ id: null });
  return (
    <Flex vertical gap={16} data-testid="help-articles">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('help.articles.intro')}
        </Typography.Paragraph>
        <DataTable<HelpArticleRow>
          pageKey="manager.helpArticles"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          data-testid="help-articles-table"
          toolbar={
            <>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void list.refetch()}
                loading={list.isFetching && !list.isLoading}
                aria-label={t('help.articles.refresh')}
                title={t('help.articles.refresh')}
              />
              <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="help-article-new">
                {t('help.articles.new')}
              </Button>
            </>
          }
          emptyText={
            <Empty description={t('help.articles.empty')}>
              <Button type="primary" icon={<PlusOutlined />} onClick={create}>
                {t('help.articles.writeFirst')}
              </Button>
            </Empty>
          }
          columns={[
            {
              key: 'title',
              title: t('help.articles.columns.title'),
              ellipsis: 320,
              render: (r) => r.title,
            },
            {
              key: 'languages',
              title: t('help.articles.columns.languages'),
              render: (r) => (
                <Flex wrap gap={4}>
                  {r.languages.map((code) => (
                    <Tag
                      key={code}
                      color={code === r.titleLang ? 'blue' : undefined}
                      style={{ marginInlineEnd: 0 }}
                    >
                      {languageName(code)}
                    </Tag>
                  ))}
                </Flex>
              ),
            },
            {
              key: 'published',
              title: t('help.articles.columns.published'),
              render: (r) =>
                r.published ? (
                  <Tag color="green">{t('help.articles.published')}</Tag>
                ) : (
                  <Tag>{t('help.articles.hidden')}</Tag>
                ),
            },
            { key: 'position', title: t('help.articles.columns.position'), defaultHidden: true },
            {
              key: 'updated',
              title: t('help.articles.columns.updated'),
              render: (r) => dayjs(r.updatedAt).format('L LT'),
            },
          ]}
          actions={(r) => (
            <Flex gap={4} wrap>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing({ id: r.id })}
                data-testid="help-article-edit"
              >
                {t('help.articles.edit')}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(r)}
                data-testid="help-article-delete"
              >
                {t('help.articles.delete')}
              </Button>
            </Flex>
          )}
        />
      </Flex>
      {editing && <HelpArticleDialog id={editing.id} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
