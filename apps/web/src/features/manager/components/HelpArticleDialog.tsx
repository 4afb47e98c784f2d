import { useState } from 'react';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Row,
  Select,
  Skeleton,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { Languages, type HelpArticle, type Language } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { isLanguage, languageDef } from '../../../shared/i18n/languages.ts';
import { ApiError } from '../../../shared/request.ts';
import { SafeHtml } from '../../../shared/ui/SafeHtml.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useCreateHelpArticle } from '../api/help-create-article.ts';
import { useHelpArticle } from '../api/help-get-article.ts';
import { useUpdateHelpArticle } from '../api/help-update-article.ts';

interface Values {
  position?: number | null;
  published: boolean;
  texts: Partial<Record<Language, { title?: string; content?: string }>>;
}

const TITLE_MAX = 200;
const NEW_ARTICLE = { position: 0, published: true, texts: [{ lang: 'en', title: '', content: '' }] };

/** What the content looks like to a user: sanitized as the widget shows it, updated as the administrator types. */
function Preview({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const html = (Form.useWatch(['texts', lang, 'content']) as string | undefined) ?? '';
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Typography.Text strong>{t('help.articles.dialog.preview')}</Typography.Text>
      <div
        style={{
          border: '1px solid rgba(5, 5, 5, 0.1)',
          borderRadius: 8,
          padding: 12,
          minHeight: 120,
          maxHeight: 360,
          overflow: 'auto',
        }}
      >
        {html.trim() ? (
          <SafeHtml html={html} data-testid={`help-preview-${lang}`} />
        ) : (
          <Typography.Text type="secondary">{t('help.articles.dialog.previewEmpty')}</Typography.Text>
        )}
      </div>
    </Flex>
  );
}

function Editor({
  id,
  initial,
  onClose,
}: {
  id: string | null;
  initial: Pick<HelpArticle, 'position' | 'published' | 'texts'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [langs, setLangs] = useState<Language[]>(() =>
    initial.texts.map((x) => x.lang).filter((code): code is Language => isLanguage(code)),
  );
  const [active, setActive] = useState<string>(langs[0] ?? 'en');
  const done = () => {
    toast(t('help.articles.saved'), 'success');
    onClose();
  };
  const failed = (error: Error) => {
    if (error instanceof ApiError) {
      if (error.kind === 'network' || error.kind === 'duplicate') return;
      const [root, index, part] = (error.field ?? '').split('.');
      const lang = root === 'texts' ? langs[Number(index)] : undefined;
      if (lang) setActive(lang);
      if (lang && (part === 'title' || part === 'content')) {
        form.setFields([{ name: ['texts', lang, part] as never, errors: [t(error.i18nKey)] }]);
        return;
      }
      toast(t(error.i18nKey, { defaultValue: error.message }));
      return;
    }
    toast(t('errors.generic.application'));
  };
  const create = useCreateHelpArticle({ onSuccess: done, onError: failed });
  const update = useUpdateHelpArticle({ onSuccess: done, onError: failed });
  const saving = create.isPending || update.isPending;

  const addLanguage = (code: Language) => {
    setLangs((current) => [...current, code]);
    setActive(code);
  };
  const removeLanguage = (code: string) => {
    const rest = langs.filter((l) => l !== code);
    if (!rest.length) return;
    setLangs(rest);
    if (active === code) setActive(rest[0]!);
  };

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      const name = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (name?.[0] === 'texts' && typeof name[1] === 'string') setActive(name[1]);
      return;
    }
    const body = {
      position: values.position ?? 0,
      published: values.published,
      texts: langs.map((lang) => ({
        lang,
        title: values.texts[lang]?.title?.trim() ?? '',
        content: values.texts[lang]?.content ?? '',
      })),
    };
    if (id) update.mutate({ id, ...body });
    else create.mutate(body);
  };

  const remaining = Languages.filter((code) => !langs.includes(code));
  return (
    <Modal
      open
      width={1040}
      title={t(id ? 'help.articles.dialog.editTitle' : 'help.articles.dialog.createTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          onClick={() => void save()}
          data-testid="help-article-save"
        >
          {t('help.articles.dialog.save')}
        </Button>,
      ]}
      data-testid="help-article-dialog"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          position: initial.position,
          published: initial.published,
          texts: Object.fromEntries(
            initial.texts.map((x) => [x.lang, { title: x.title, content: x.content }]),
          ),
        }}
      >
        <Flex wrap gap="0 24px" align="flex-start">
          <Form.Item
            name="published"
            label={t('help.articles.columns.published')}
            valuePropName="checked"
            extra={t('help.articles.dialog.publishedHint')}
            style={{ flex: '1 1 220px' }}
          >
            <Switch data-testid="help-article-published" />
          </Form.Item>
          <Form.Item
            name="position"
            label={t('help.articles.columns.position')}
            extra={t('help.articles.dialog.positionHint')}
            style={{ flex: '1 1 180px' }}
          >
            <InputNumber
              min={-1_000_000}
              max={1_000_000}
              precision={0}
              style={{ width: '100%', maxWidth: 160 }}
            />
          </Form.Item>
          <Form.Item label={t('help.articles.dialog.addLanguage')} style={{ flex: '1 1 200px' }}>
            <Select<Language>
              value={null}
              placeholder={t('help.articles.dialog.addLanguagePlaceholder')}
              options={remaining.map((code) => ({ value: code, label: languageDef(code).nativeName }))}
              onChange={addLanguage}
              showSearch={{ optionFilterProp: 'label' }}
              disabled={!remaining.length}
              style={{ width: '100%', maxWidth: 240 }}
              data-testid="help-article-add-language"
            />
          </Form.Item>
        </Flex>
        {!langs.includes('en') && (
          <Alert
            type="info"
            showIcon
            message={t('help.articles.dialog.noEnglish')}
            style={{ marginBottom: 12 }}
          />
        )}
        <Tabs
          type="editable-card"
          hideAdd
          activeKey={active}
          onChange={setActive}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') removeLanguage(key);
          }}
          items={langs.map((lang) => ({
            key: lang,
            label: <span data-testid={`help-tab-${lang}`}>{languageDef(lang).nativeName}</span>,
            closable: langs.length > 1,
            closeIcon: langs.length > 1 ? undefined : false,
            forceRender: true,
            children: (
              <Row gutter={[24, 8]}>
                <Col xs={24} lg={12}>
                  <Form.Item
                    name={['texts', lang, 'title']}
                    label={t('help.articles.dialog.title')}
                    rules={[
                      { required: true, whitespace: true, message: t('help.articles.dialog.titleRequired') },
                      { max: TITLE_MAX, message: t('errors.help.title') },
                    ]}
                  >
                    <Input maxLength={TITLE_MAX} showCount data-testid={`help-title-${lang}`} />
                  </Form.Item>
                  <Form.Item
                    name={['texts', lang, 'content']}
                    label={t('help.articles.dialog.content')}
                    extra={t('help.articles.dialog.contentHint')}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: t('help.articles.dialog.contentRequired'),
                      },
                    ]}
                  >
                    <Input.TextArea
                      autoSize={{ minRows: 8, maxRows: 18 }}
                      spellCheck={false}
                      style={{ fontFamily: 'monospace' }}
                      data-testid={`help-content-${lang}`}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Preview lang={lang} />
                </Col>
              </Row>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}

/** Writes a new help article (`id` null) or rewrites one, a tab per language with a live sanitized preview. */
export function HelpArticleDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const article = useHelpArticle(id);
  if (!id) return <Editor id={null} initial={NEW_ARTICLE} onClose={onClose} />;
  if (article.data) return <Editor id={id} initial={article.data} onClose={onClose} />;
  return (
    <Modal open title={t('help.articles.dialog.editTitle')} onCancel={onClose} footer={null}>
      {article.isError ? (
        <Result
          status="warning"
          subTitle={t('help.articles.dialog.loadFailed')}
          extra={<Button onClick={() => void article.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
