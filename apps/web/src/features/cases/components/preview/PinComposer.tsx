import './remarks.css';
import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COMMENT_TEXT_MAX } from '@archway/contract';
import { PinList } from '../../../../shared/mesh-view/PinList.tsx';
import { ApiError } from '../../../../shared/request.ts';
import type { PinsTool } from './use-pins.ts';

/**
 * What the Remark tool shows beside the scene: while it is on, the hint to tap the surface and, once a place is
 * marked, the composer (text, Send, Cancel) that posts the remark as a comment of the case's thread; a refusal (the
 * 90-day rule…) shows the catalogue's message. Below it, "Remarks on the scan": every pin, choosing one flies there
 * (left out with `list` false: on a phone the list is behind its own button).
 */
export function PinComposer({ tool, list = true }: { tool: PinsTool; list?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    const value = text.trim();
    if (!value) {
      setError(t('errors.comment.empty'));
      return;
    }
    setError(null);
    tool.send(value).then(
      () => setText(''),
      (err: unknown) => setError(err instanceof ApiError ? t(err.i18nKey) : t('errors.comment.sendFailed')),
    );
  };

  return (
    <Flex vertical gap={8} className="pins-panel" data-testid="viewer-pins-panel">
      {tool.placing &&
        (tool.draft ? (
          <Flex vertical gap={6} className="pin-composer" data-testid="viewer-pin-composer">
            <Input.TextArea
              autoFocus
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={(e) => {
                if (!e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  send();
                }
              }}
              maxLength={COMMENT_TEXT_MAX}
              autoSize={{ minRows: 2, maxRows: 5 }}
              placeholder={t('cases.viewer.pins.placeholder')}
              aria-label={t('cases.viewer.pins.placeholder')}
              data-testid="viewer-pin-text"
            />
            {error && <Alert type="error" showIcon title={error} data-testid="viewer-pin-error" />}
            <Flex gap={8} justify="flex-end" wrap>
              <Button
                size="small"
                onClick={() => {
                  setError(null);
                  tool.setDraft(null);
                }}
                data-testid="viewer-pin-cancel"
              >
                {t('common.cancel')}
              </Button>
              <Button
                size="small"
                type="primary"
                icon={<SendOutlined aria-hidden />}
                loading={tool.sending}
                onClick={send}
                data-testid="viewer-pin-send"
              >
                {t('cases.viewer.pins.send')}
              </Button>
            </Flex>
          </Flex>
        ) : (
          <Typography.Text type="secondary" data-testid="viewer-pin-hint">
            {t('cases.viewer.pins.hint')}
          </Typography.Text>
        ))}
      {list && (
        <PinList
          pins={tool.pins}
          title={t('cases.viewer.pins.title')}
          empty={t('cases.viewer.pins.empty')}
          openId={tool.openId}
          onSelect={tool.flyTo}
          testId="viewer-pin-list"
        />
      )}
    </Flex>
  );
}
