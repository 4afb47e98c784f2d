import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Progress,
  Result,
  Row,
  Select,
  Skeleton,
  Tabs,
  Typography,
  Upload,
  theme,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ClientType,
  ClientTypes,
  isVersion,
  Languages,
  ReleaseNoteLimits,
  ReleaseTypes,
  type Language,
  type ReleaseNote,
  type ReleaseNoteBody,
  type ReleaseNoteImage,
} from '@archway/contract';
import { serviceAddress } from '../../../shared/download.ts';
import { languageDef } from '../../../shared/i18n/languages.ts';
import { ApiError } from '../../../shared/request.ts';
import { ReleaseNoteItems, type NoteItemView } from '../../../shared/ui/ReleaseNoteItems.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { uploadReleaseNoteImage, useDeleteReleaseNoteImage } from '../api/updates-images.ts';
import { RELEASE_NOTES_KEY } from '../api/updates-list.ts';
import { useReleaseNote, useSaveReleaseNote, type NoteKey } from '../api/updates-note.ts';

interface ItemValue {
  title?: string;
  text?: string;
  images?: string[];
  subContent?: ItemValue[];
}
interface Values {
  type: number;
  version: string;
  releaseType: number;
  texts: Partial<Record<Language, { topic?: string; items?: ItemValue[] }>>;
}

/** Items nest three levels: an item, its sub-items, and theirs. */
const MAX_DEPTH = 2;
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';
const emptyItem = (): ItemValue => ({ title: '', text: '', images: [], subContent: [] });

/** The items as the server takes them: trimmed titles, no undefined, no sub-items below the third level. */
const cleanItems = (
  items: ItemValue[] | undefined,
  depth = 0,
): NonNullable<ReleaseNoteBody['texts']['en']>['items'] =>
  (items ?? []).map((item) => ({
    title: item.title?.trim() ?? '',
    text: item.text ?? '',
    images: item.images ?? [],
    subContent: depth < MAX_DEPTH ? (cleanItems(item.subContent, depth + 1) as never) : [],
  }));

/** The items without `name` among their images (after the image was deleted). */
const withoutImage = (items: ItemValue[] | undefined, name: string): ItemValue[] =>
  (items ?? []).map((item) => ({
    ...item,
    images: (item.images ?? []).filter((n) => n !== name),
    subContent: withoutImage(item.subContent, name),
  }));

/** One level of items: each with title, HTML text and images; its sub-items below (up to three levels). */
function ItemsEditor({
  listName,
  depth,
  images,
}: {
  listName: (string | number)[];
  depth: number;
  images: ReleaseNoteImage[];
}) {
  const { t } = useTranslation();
  const max = depth === 0 ? ReleaseNoteLimits.items : ReleaseNoteLimits.subItems;
  return (
    <Form.List name={listName}>
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={10} style={{ minWidth: 0 }}>
          {fields.map((field, index) => (
            <Card
              key={field.key}
              size="small"
              title={t(depth === 0 ? 'updates.manager.itemN' : 'updates.manager.subItemN', { n: index + 1 })}
              extra={
                <Flex gap={2}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t('updates.manager.moveUp')}
                    title={t('updates.manager.moveUp')}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t('updates.manager.moveDown')}
                    title={t('updates.manager.moveDown')}
                  />
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('updates.manager.removeItem')}
                    title={t('updates.manager.removeItem')}
                    data-testid="note-item-remove"
                  />
                </Flex>
              }
              styles={{ body: { paddingBottom: 4 } }}
              data-testid={depth === 0 ? 'note-item-editor' : 'note-sub-item-editor'}
            >
              <Form.Item name={[field.name, 'title']} label={t('updates.manager.itemTitle')}>
                <Input maxLength={ReleaseNoteLimits.title} data-testid="note-item-title" />
              </Form.Item>
              <Form.Item
                name={[field.name, 'text']}
                label={t('updates.manager.itemText')}
                extra={t('updates.manager.itemTextHint')}
              >
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 12 }}
                  maxLength={ReleaseNoteLimits.text}
                  spellCheck={false}
                  style={{ fontFamily: 'monospace' }}
                  data-testid="note-item-text"
                />
              </Form.Item>
              <Form.Item name={[field.name, 'images']} label={t('updates.manager.itemImages')}>
                <Select
                  mode="multiple"
                  allowClear
                  disabled={images.length === 0}
                  placeholder={t(
                    images.length ? 'updates.manager.pickImages' : 'updates.manager.noImagesYet',
                  )}
                  maxCount={ReleaseNoteLimits.imagesPerItem}
                  options={images.map((image) => ({
                    value: image.name,
                    label: (
                      <Flex gap={6} align="center">
                        <img
                          src={serviceAddress('admin', image.url)}
                          alt={image.name}
                          style={{ width: 20, height: 20, objectFit: 'cover', borderRadius: 3 }}
                        />
                        {image.name}
                      </Flex>
                    ),
                  }))}
                  data-testid="note-item-images"
                />
              </Form.Item>
              {depth < MAX_DEPTH && (
                <div style={{ marginBottom: 12 }}>
                  <ItemsEditor listName={[field.name, 'subContent']} depth={depth + 1} images={images} />
                </div>
              )}
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add(emptyItem())}
            disabled={fields.length >= max}
            data-testid={depth === 0 ? 'note-item-add' : 'note-sub-item-add'}
            style={{ alignSelf: 'flex-start' }}
          >
            {t(depth === 0 ? 'updates.manager.addItem' : 'updates.manager.addSubItem')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** What users will see in this language, updated as the administrator types (HTML sanitized on the way). */
function LanguagePreview({
  lang,
  version,
  images,
}: {
  lang: Language;
  version: string;
  images: ReleaseNoteImage[];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const topic = (Form.useWatch(['texts', lang, 'topic']) as string | undefined) ?? '';
  const items = (Form.useWatch(['texts', lang, 'items']) as NoteItemView[] | undefined) ?? [];
  const urls = new Map(images.map((i) => [i.name, serviceAddress('admin', i.url)]));
  return (
    <Flex vertical gap={8} style={{ minWidth: 0, position: 'sticky', top: 0 }}>
      <Typography.Text strong>{t('updates.manager.preview')}</Typography.Text>
      <div
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: 12,
          minHeight: 120,
          maxHeight: 520,
          overflow: 'auto',
        }}
        data-testid={`note-preview-${lang}`}
      >
        {topic.trim() || items.length ? (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {topic || version}
            </Typography.Title>
            <ReleaseNoteItems
              items={items}
              version={version}
              releaseType={1}
              imageUrl={(name) => urls.get(name) ?? ''}
            />
          </>
        ) : (
          <Typography.Text type="secondary">{t('updates.manager.previewEmpty')}</Typography.Text>
        )}
      </div>
    </Flex>
  );
}

/** The saved note's images: upload (with progress), thumbnails, delete with confirmation. */
function ImagesPanel({
  noteKey,
  note,
  onDeleted,
}: {
  noteKey: NoteKey | null;
  note: ReleaseNote | undefined;
  onDeleted: (name: string) => void;
}) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const remove = useDeleteReleaseNoteImage({
    onSuccess: (_answer, { name }) => {
      onDeleted(name);
      toast(t('updates.manager.imageDeleted'), 'success');
    },
  });
  if (!noteKey)
    return (
      <Alert
        type="info"
        showIcon
        message={t('updates.manager.saveFirst')}
        data-testid="note-images-save-first"
      />
    );
  const images = note?.images ?? [];
  const full = images.length >= ReleaseNoteLimits.imagesPerNote;

  const upload = (file: File) => {
    setProgress(0);
    uploadReleaseNoteImage(noteKey, file, setProgress)
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: RELEASE_NOTES_KEY });
        toast(t('updates.manager.imageUploaded'), 'success');
      })
      .catch((error: unknown) => {
        toast(
          error instanceof ApiError
            ? t(error.i18nKey, { defaultValue: error.message })
            : t('errors.generic.application'),
        );
      })
      .finally(() => setProgress(null));
  };
  const confirmDelete = (name: string) =>
    modal.confirm({
      title: t('updates.manager.imageDeleteTitle'),
      content: t('updates.manager.imageDeleteBody'),
      okText: t('updates.manager.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync({ key: noteKey, name }).catch(() => undefined),
    });

  return (
    <Flex vertical gap={10} data-testid="note-images">
      <Flex gap={8} align="center" wrap>
        <Upload
          accept={IMAGE_TYPES}
          showUploadList={false}
          disabled={progress !== null || full}
          customRequest={({ file }) => upload(file as File)}
        >
          <Button
            icon={<UploadOutlined />}
            loading={progress !== null}
            disabled={full}
            data-testid="note-image-upload"
          >
            {t('updates.manager.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('updates.manager.uploadHint')}
        </Typography.Text>
      </Flex>
      {progress !== null && <Progress percent={progress} size="small" data-testid="note-image-progress" />}
      {images.length === 0 ? (
        <Typography.Text type="secondary">{t('updates.manager.noImages')}</Typography.Text>
      ) : (
        <Flex gap={12} wrap>
          {images.map((image) => (
            <Flex
              key={image.name}
              vertical
              gap={4}
              align="center"
              style={{ width: 112 }}
              data-testid="note-image-thumb"
            >
              <Image
                src={serviceAddress('admin', image.url)}
                alt={image.name}
                width={112}
                height={72}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
              <Typography.Text style={{ fontSize: 11, maxWidth: 112 }} ellipsis={{ tooltip: image.name }}>
                {image.name}
              </Typography.Text>
              <Button
                size="small"
                danger
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(image.name)}
                aria-label={t('updates.manager.imageDelete')}
                title={t('updates.manager.imageDelete')}
                data-testid="note-image-delete"
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function Editor({
  initialKey,
  initial,
  onClose,
}: {
  initialKey: NoteKey | null;
  initial: Values;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [noteKey, setNoteKey] = useState<NoteKey | null>(initialKey);
  const note = useReleaseNote(noteKey);
  const [langs, setLangs] = useState<Language[]>(() => {
    const given = Languages.filter((l) => initial.texts[l]);
    return given.length ? given : ['en'];
  });
  const [active, setActive] = useState<string>(langs[0] ?? 'en');
  const images = note.data?.images ?? [];
  const version = (Form.useWatch('version', form) as string | undefined) ?? initial.version;

  const failed = (error: Error) => {
    if (!(error instanceof ApiError)) return toast(t('errors.generic.application'));
    if (error.kind === 'network' || error.kind === 'duplicate') return;
    const parts = (error.field ?? '').split('.');
    if (parts[0] === 'version') {
      form.setFields([{ name: 'version', errors: [t(error.i18nKey)] }]);
      return;
    }
    if (parts[0] === 'texts' && parts[1] && (Languages as readonly string[]).includes(parts[1])) {
      setActive(parts[1]);
      if (parts[2] === 'topic') {
        form.setFields([{ name: ['texts', parts[1], 'topic'] as never, errors: [t(error.i18nKey)] }]);
        return;
      }
    }
    toast(t(error.i18nKey, { defaultValue: error.message }));
  };
  const save = useSaveReleaseNote({
    onSuccess: (saved) => {
      toast(t('updates.manager.saved'), 'success');
      if (noteKey) onClose();
      // A new note stays open: images are added to a saved note.
      else setNoteKey({ type: saved.type, version: saved.version });
    },
    onError: failed,
  });

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      const name = (invalid as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (name?.[0] === 'texts' && typeof name[1] === 'string') setActive(name[1]);
      return;
    }
    const body: ReleaseNoteBody = {
      type: values.type as ReleaseNoteBody['type'],
      version: values.version.trim(),
      releaseType: values.releaseType as NonNullable<ReleaseNoteBody['releaseType']>,
      texts: Object.fromEntries(
        langs.map((lang) => [
          lang,
          {
            topic: values.texts?.[lang]?.topic?.trim() ?? '',
            items: cleanItems(values.texts?.[lang]?.items),
          },
        ]),
      ),
    };
    save.mutate({ key: noteKey, body });
  };

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
  const imageDeleted = (name: string) => {
    const texts = form.getFieldValue('texts') as Values['texts'];
    form.setFieldValue(
      'texts',
      Object.fromEntries(
        Object.entries(texts ?? {}).map(([lang, text]) => [
          lang,
          { ...text, items: withoutImage(text?.items, name) },
        ]),
      ),
    );
  };
  const remaining = Languages.filter((code) => !langs.includes(code));

  return (
    <Modal
      open
      width={1120}
      style={{ top: 24, maxWidth: 'calc(100vw - 16px)' }}
      styles={{ body: { maxHeight: 'calc(100dvh - 190px)', overflowY: 'auto', overflowX: 'hidden' } }}
      title={
        noteKey
          ? t('updates.manager.editTitle', { version: noteKey.version })
          : t('updates.manager.createTitle')
      }
      onCancel={onClose}
      maskClosable={false}
      rootClassName="release-note-dialog"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="release-note-close">
          {t(noteKey ? 'updates.manager.close' : 'common.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="release-note-save"
        >
          {t('updates.manager.save')}
        </Button>,
      ]}
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial}>
        <Row gutter={[16, 0]}>
          <Col xs={24} sm={8} md={6}>
            <Form.Item name="type" label={t('updates.manager.client')}>
              <Select
                options={ClientTypes.map((c) => ({ value: c, label: t(`updates.manager.clientType.${c}`) }))}
                data-testid="release-note-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8} md={6}>
            <Form.Item
              name="version"
              label={t('updates.manager.version')}
              extra={t('updates.manager.versionHint')}
              rules={[
                { required: true, whitespace: true, message: t('updates.manager.versionRequired') },
                {
                  validator: (_rule, value: string | undefined) =>
                    !value?.trim() || isVersion(value.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('errors.updates.version'))),
                },
              ]}
            >
              <Input maxLength={32} data-testid="release-note-version" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8} md={6}>
            <Form.Item name="releaseType" label={t('updates.manager.releaseType')}>
              <Select
                options={ReleaseTypes.map((r) => ({ value: r, label: t(`updates.releaseType.${r}`) }))}
                data-testid="release-note-release-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('updates.manager.addLanguage')}>
              <Select<Language>
                value={null}
                placeholder={t('updates.manager.addLanguagePlaceholder')}
                options={remaining.map((code) => ({ value: code, label: languageDef(code).nativeName }))}
                onChange={addLanguage}
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!remaining.length}
                data-testid="release-note-add-language"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('updates.manager.images')}
        </Typography.Title>
        <div style={{ marginBottom: 16 }}>
          <ImagesPanel noteKey={noteKey} note={note.data} onDeleted={imageDeleted} />
        </div>
        {!langs.includes('en') && (
          <Alert type="info" showIcon message={t('updates.manager.noEnglish')} style={{ marginBottom: 12 }} />
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
            label: <span data-testid={`release-note-tab-${lang}`}>{languageDef(lang).nativeName}</span>,
            closable: langs.length > 1,
            closeIcon: langs.length > 1 ? undefined : false,
            forceRender: true,
            children: (
              <Row gutter={[24, 12]}>
                <Col xs={24} lg={14}>
                  <Form.Item
                    name={['texts', lang, 'topic']}
                    label={t('updates.manager.topic')}
                    rules={[{ required: true, whitespace: true, message: t('errors.updates.topicRequired') }]}
                  >
                    <Input
                      maxLength={ReleaseNoteLimits.topic}
                      showCount
                      data-testid={`release-note-topic-${lang}`}
                    />
                  </Form.Item>
                  <ItemsEditor listName={['texts', lang, 'items']} depth={0} images={images} />
                </Col>
                <Col xs={24} lg={10}>
                  <LanguagePreview lang={lang} version={version} images={images} />
                </Col>
              </Row>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}

const NEW_NOTE: Values = {
  type: ClientType.web,
  version: '',
  releaseType: 1,
  texts: { en: { topic: '', items: [emptyItem()] } },
};

/** Writes a new release note (`noteKey` null) or edits one: a tab per language, items, images, a live preview. */
export function ReleaseNoteDialog({ noteKey, onClose }: { noteKey: NoteKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const note = useReleaseNote(noteKey);
  if (!noteKey) return <Editor initialKey={null} initial={NEW_NOTE} onClose={onClose} />;
  if (note.data)
    return (
      <Editor
        initialKey={noteKey}
        initial={{
          type: note.data.type,
          version: note.data.version,
          releaseType: note.data.releaseType,
          texts: note.data.texts as Values['texts'],
        }}
        onClose={onClose}
      />
    );
  return (
    <Modal
      open
      title={t('updates.manager.editTitle', { version: noteKey.version })}
      onCancel={onClose}
      footer={null}
    >
      {note.isError ? (
        <Result
          status="warning"
          subTitle={t('updates.manager.noteLoadFailed')}
          extra={<Button onClick={() => void note.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Modal>
  );
}
