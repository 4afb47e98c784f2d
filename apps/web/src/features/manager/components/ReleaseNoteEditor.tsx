import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ClientTypes,
  isVersion,
  Languages,
  ReleaseNoteLimits,
  ReleaseTypes,
  type Language,
  type ReleaseNoteBody,
} from '@archway/contract';
import { languageDef } from '../../../shared/i18n/languages.ts';
import { ApiError } from '../../../shared/request.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useReleaseNote, useSaveReleaseNote, type NoteKey } from '../api/updates-note.ts';
import { cleanItems, withoutImage, type Values } from '../utils/release-note-values.ts';
import { ReleaseNoteImagesPanel } from './ReleaseNoteImagesPanel.tsx';
import { ReleaseNoteItemsEditor } from './ReleaseNoteItemsEditor.tsx';
import { ReleaseNotePreview } from './ReleaseNotePreview.tsx';

/** The release note's form in its dialog: kind, version, release type, images, a tab per language with a live preview. */
export function ReleaseNoteEditor({
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
          <ReleaseNoteImagesPanel noteKey={noteKey} note={note.data} onDeleted={imageDeleted} />
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
                  <ReleaseNoteItemsEditor listName={['texts', lang, 'items']} depth={0} images={images} />
                </Col>
                <Col xs={24} lg={10}>
                  <ReleaseNotePreview lang={lang} version={version} images={images} />
                </Col>
              </Row>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}
