import './comments.css';
import { useEffect, useMemo, useRef, useState, type ClipboardEvent } from 'react';
import { Alert, Button, Empty, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import {
  CloseOutlined,
  EnvironmentOutlined,
  PaperClipOutlined,
  PushpinOutlined,
  SendOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COMMENT_TEXT_MAX, type CaseComment } from '@archway/contract';
import { casePath, showingCasePage } from '../../../shared/case-page/case-path.ts';
import { clearCommentImage, onCommentImage, pendingCommentImage } from '../../../shared/comment-draft.ts';
import { ApiError } from '../../../shared/request.ts';
import { useThread } from '../api/get-thread.ts';
import { useMarkThreadRead } from '../api/mark-read.ts';
import { usePostComment } from '../api/post-comment.ts';
import { CommentImage } from './CommentImage.tsx';

/** Image types a comment accepts (the server checks the content again). */
const ACCEPT = 'image/png,image/jpeg,image/gif';

/**
 * A remark pinned to the scan: a chip saying so and "Show on the scan", which opens the case's page at the pin
 * (`/case/<id>?pin=`: features meet by URL; on that page already, the address is replaced, not stacked).
 */
function PinChip({ comment }: { comment: CaseComment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" gap={6} wrap className="comment-pin" data-testid="comment-pin">
      <Tag icon={<PushpinOutlined />} color="orange" className="comment-pin-chip">
        {t('comments.pin.chip')}
      </Tag>
      <Button
        size="small"
        type="link"
        icon={<EnvironmentOutlined />}
        onClick={() =>
          void navigate(casePath(comment.caseId, { pin: comment.id }), {
            replace: showingCasePage(comment.caseId),
          })
        }
        data-testid="comment-show-pin"
      >
        {t('comments.pin.show')}
      </Button>
    </Flex>
  );
}

function Message({ comment }: { comment: CaseComment }) {
  const pinned = Boolean(comment.anchor);
  return (
    <Flex
      vertical
      align={comment.mine ? 'flex-end' : 'flex-start'}
      className="comment-message"
      data-testid="comment-message"
      data-mine={comment.mine}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <Typography.Text strong style={{ fontSize: 12 }}>
          {comment.custName}
        </Typography.Text>
        {comment.userName ? ` · ${comment.userName}` : ''} · {dayjs(comment.createTime).format('L LT')}
      </Typography.Text>
      <div className={`comment-bubble${comment.mine ? ' is-mine' : ''}`}>
        {comment.text && <div className="comment-text">{comment.text}</div>}
        {comment.image && <CommentImage url={comment.image.url} name={comment.image.name} />}
        {pinned && <PinChip comment={comment} />}
      </div>
    </Flex>
  );
}

/**
 * A case's thread: the messages (author organization, time, text, image thumbnails that open full size) and the
 * box to answer with text, an image file or a pasted screenshot. Opening it clears the case's new replies.
 */
export function ThreadPanel({
  caseId,
  canComment = true,
  maxHeight,
  marksRead = true,
}: {
  caseId: string;
  /** False past the 90-day window: the box is replaced by the catalogue's text. */
  canComment?: boolean;
  /**
   * Marks the thread read as it opens and with each new message (default). False where the page around it does
   * that already (the case page): two marks at once are one request twice, and the request layer cancels one.
   */
  marksRead?: boolean;
  maxHeight?: number | string;
}) {
  const { t } = useTranslation();
  const thread = useThread(caseId);
  const markRead = useMarkThreadRead();
  const post = usePostComment();
  const [text, setText] = useState('');
  const [image, setImage] = useState<{ blob: Blob; name: string } | null>(() => {
    // The 3D viewer's screenshot waiting for this case, if any (one arriving later: the effect below).
    const start = pendingCommentImage(caseId);
    return start ? { blob: start, name: 'screenshot.png' } : null;
  });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const { mutate: clear } = markRead;

  // Opening the thread, and every new message while it is open, clears its count.
  useEffect(() => {
    if (marksRead && thread.data) clear(caseId);
  }, [caseId, thread.data, clear, marksRead]);
  // A screenshot handed over while the thread is already shown (the case page's viewer) is attached too.
  useEffect(
    () =>
      onCommentImage((id) => {
        const blob = id === caseId ? pendingCommentImage(caseId) : null;
        if (!blob) return;
        setError(null);
        setImage({ blob, name: 'screenshot.png' });
      }),
    [caseId],
  );
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [thread.data?.length]);

  const preview = useMemo(() => (image ? URL.createObjectURL(image.blob) : null), [image]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const attach = (blob: Blob, name: string) => {
    setError(null);
    setImage({ blob, name });
  };
  const onPaste = (event: ClipboardEvent) => {
    const item = [...event.clipboardData.items].find((i) => i.kind === 'file' && i.type.startsWith('image/'));
    const file = item?.getAsFile();
    if (!file) return;
    event.preventDefault();
    attach(file, file.name || 'screenshot.png');
  };
  const send = () => {
    if (!text.trim() && !image) {
      setError(t('errors.comment.empty'));
      return;
    }
    setError(null);
    post.mutate(
      { caseId, text: text.trim(), image: image?.blob, imageName: image?.name },
      {
        onSuccess: () => {
          setText('');
          setImage(null);
          clearCommentImage(caseId);
        },
        onError: (err) => setError(err instanceof ApiError ? t(err.i18nKey) : t('errors.comment.sendFailed')),
      },
    );
  };

  return (
    <Flex vertical gap={12} className="comment-thread" data-testid="comment-thread">
      <div className="comment-list" style={{ maxHeight }} data-testid="comment-list">
        {thread.isLoading ? (
          <Skeleton active />
        ) : thread.isError ? (
          <Alert
            type="error"
            title={
              thread.error instanceof ApiError ? t(thread.error.i18nKey) : t('errors.generic.application')
            }
          />
        ) : (thread.data ?? []).length === 0 ? (
          <Empty description={t('comments.empty')} data-testid="comment-empty" />
        ) : (
          <Flex vertical gap={12}>
            {thread.data!.map((c) => (
              <Message key={c.id} comment={c} />
            ))}
          </Flex>
        )}
        <div ref={end} />
      </div>
      {canComment ? (
        <Flex vertical gap={8} className="comment-composer">
          {error && <Alert type="error" showIcon title={error} data-testid="comment-error" />}
          {image && preview && (
            <Flex align="center" gap={8} data-testid="comment-attachment">
              <img src={preview} alt={image.name} className="comment-attachment-preview" />
              <Typography.Text ellipsis style={{ maxWidth: 180 }}>
                {image.name}
              </Typography.Text>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={t('comments.removeImage')}
                onClick={() => {
                  setImage(null);
                  clearCommentImage(caseId);
                }}
              />
            </Flex>
          )}
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPaste={onPaste}
            onPressEnter={(e) => {
              if (!e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
            maxLength={COMMENT_TEXT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('comments.placeholder')}
            aria-label={t('comments.placeholder')}
            data-testid="comment-input"
          />
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Flex align="center" gap={8}>
              <Button
                icon={<PaperClipOutlined />}
                onClick={() => fileInput.current?.click()}
                data-testid="comment-attach"
              >
                {t('comments.attach')}
              </Button>
              <Typography.Text type="secondary" className="comment-hint">
                {t('comments.pasteHint')}
              </Typography.Text>
            </Flex>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={post.isPending}
              onClick={send}
              data-testid="comment-send"
            >
              {t('comments.send')}
            </Button>
          </Flex>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            hidden
            data-testid="comment-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) attach(file, file.name);
              e.target.value = '';
            }}
          />
        </Flex>
      ) : (
        <Tag color="default" style={{ whiteSpace: 'normal' }} data-testid="comment-expired">
          {t('errors.comment.expired')}
        </Tag>
      )}
    </Flex>
  );
}
