import { useRef, useState } from 'react';
import {
  Button,
  Collapse,
  Divider,
  Drawer,
  Empty,
  Flex,
  FloatButton,
  Input,
  Result,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { HelpLimits } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { isSpecialBrand } from '../../../shared/brand.ts';
import { isLanguage, languageDef } from '../../../shared/i18n/languages.ts';
import { storedLanguage } from '../../../shared/i18n/stored-language.ts';
import { SafeHtml } from '../../../shared/ui/SafeHtml.tsx';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useHelpAnswers, type HelpAnswer } from '../api/ask.ts';
import { closeHelp, openHelp, useHelpOpen } from '../help-store.ts';
import { HelpContacts } from './HelpContacts.tsx';
import { useContentUnderCorner } from './use-clear-corner.ts';

const SUGGESTIONS = ['bind', 'receivers', 'convert', 'invite'] as const;
/** The folded button: a tab at the window's right edge, a touch target. */
const FOLDED_TAB = { width: 24, height: 44 } as const;

function Answers({ answers, lang }: { answers: HelpAnswer[]; lang: string }) {
  return (
    <Collapse
      defaultActiveKey={answers[0]?.id}
      data-testid="help-answers"
      items={answers.map((a) => ({
        key: a.id,
        label: (
          <Flex gap={8} align="baseline" wrap data-testid="help-answer-title">
            <Typography.Text strong>{a.title}</Typography.Text>
            {a.lang !== lang && isLanguage(a.lang) && <Tag>{languageDef(a.lang).nativeName}</Tag>}
          </Flex>
        ),
        children: <SafeHtml html={a.message.content} data-testid="help-answer-content" />,
      }))}
    />
  );
}

/** The panel: a question box, the answers (or what to do when there are none), and how to reach a person. */
function HelpPanel() {
  const { t } = useTranslation();
  const lang = storedLanguage();
  const contacts = !isSpecialBrand();
  const [draft, setDraft] = useState('');
  const [question, setQuestion] = useState('');
  const answers = useHelpAnswers(question, lang);
  const ask = (text: string) => {
    const q = text.trim().slice(0, HelpLimits.question);
    setDraft(q);
    if (q) setQuestion(q);
  };

  let body;
  if (!question) {
    body = (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('help.suggestions.title')}</Typography.Text>
        <Flex wrap gap={8}>
          {SUGGESTIONS.map((key) => (
            <Button key={key} size="small" onClick={() => ask(t(`help.suggestions.${key}`))}>
              {t(`help.suggestions.${key}`)}
            </Button>
          ))}
        </Flex>
      </Flex>
    );
  } else if (answers.isLoading) {
    body = (
      <Flex vertical gap={8} data-testid="help-loading" aria-busy>
        <Typography.Text type="secondary">{t('help.loading')}</Typography.Text>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Flex>
    );
  } else if (answers.isError) {
    body = (
      <Result
        status="warning"
        subTitle={t('help.failed')}
        extra={<Button onClick={() => void answers.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (!answers.data?.length) {
    body = (
      <Flex vertical gap={12} data-testid="help-no-answer">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('help.empty.title')}
          style={{ margin: 0 }}
        />
        <Typography.Text type="secondary">
          {t(contacts ? 'help.empty.text' : 'help.empty.textOnly')}
        </Typography.Text>
        {contacts && <HelpContacts />}
      </Flex>
    );
  } else {
    body = <Answers key={question} answers={answers.data} lang={lang} />;
  }
  const showFooter = contacts && !(question && answers.isSuccess && !answers.data.length);

  return (
    <Flex vertical gap={16} data-testid="help-panel">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('help.intro')}
      </Typography.Paragraph>
      <Input.Search
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={ask}
        placeholder={t('help.ask.placeholder')}
        aria-label={t('help.ask.label')}
        enterButton={t('help.ask.button')}
        maxLength={HelpLimits.question}
        loading={answers.isFetching}
        allowClear
        data-testid="help-question"
      />
      {body}
      {showFooter && (
        <>
          <Divider style={{ margin: '4px 0' }} />
          <HelpContacts />
        </>
      )}
    </Flex>
  );
}

/**
 * The floating help widget (product §1): a button at the bottom right opening a panel that answers a typed question
 * from the help articles. On a phone the panel comes from the bottom. At every width the page ends with room for the
 * button, so it never hides a page's last controls (pagination, a chart's last label).
 */
export function HelpWidget() {
  const { t } = useTranslation();
  const open = useHelpOpen();
  const mobile = useViewportMode() === 'mobile';
  const button = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const inset = mobile ? 16 : 24;
  // Folded, a tab at the window's edge big enough to touch (WCAG 2.5.8 asks 24 px, 2.5.5 44 px): it rises to a
  // place at the edge where it covers no content.
  const { folded, lift } = useContentUnderCorner({ inset, size: 40, tab: FOLDED_TAB });
  // Closed: the focus goes back to the floating button, also when the panel was opened from a menu that is gone.
  const afterOpenChange = (visible: boolean) => {
    if (!visible && document.activeElement?.closest('.help-drawer')) button.current?.focus();
  };
  return (
    <>
      {/* Every page ends with room for the button (its height, its distance from the edge and a gap, less the
          content's own padding), so scrolled to the end the button covers no pagination, chart or last control. */}
      <div aria-hidden data-testid="help-float-room" style={{ height: mobile ? 56 : 64 }} />
      {/* Kept while the panel is open (under its mask): closing the panel gives the focus back to it. While content
          lies under its corner it folds into a tab at the window's right edge, lifted clear of the content (the top
          bar's help stays too). */}
      <FloatButton
        type="primary"
        icon={<QuestionCircleOutlined style={folded ? { fontSize: 14 } : undefined} />}
        onClick={openHelp}
        tooltip={mobile || folded ? undefined : t('help.title')}
        aria-label={t('help.open')}
        shape="square"
        style={{
          insetInlineEnd: folded ? 0 : inset,
          insetBlockEnd: inset + (folded ? lift : 0),
          width: folded ? FOLDED_TAB.width : 40,
          height: folded ? FOLDED_TAB.height : 40,
          minHeight: folded ? FOLDED_TAB.height : 40,
          borderRadius: folded ? '8px 0 0 8px' : 20,
          transition: 'width 0.15s, height 0.15s, inset-inline-end 0.15s, inset-block-end 0.15s',
        }}
        ref={button}
        data-testid="help-float"
        data-help-float=""
        data-folded={folded ? 'yes' : 'no'}
      />
      <Drawer
        open={open}
        onClose={closeHelp}
        afterOpenChange={afterOpenChange}
        placement={mobile ? 'bottom' : 'right'}
        size={mobile ? '85vh' : 440}
        title={t('help.title')}
        styles={{ body: { paddingTop: 12 } }}
        rootClassName="help-drawer"
      >
        <HelpPanel />
      </Drawer>
    </>
  );
}
