import { Flex, Image, Typography, theme } from 'antd';
import { releaseNoteImagePath } from '@archway/contract';
import { serviceAddress } from '../download.ts';
import { SafeHtml } from './SafeHtml.tsx';

/** An item of a release note as the dialog and the console's preview show it (title, HTML text, images, sub-items). */
export interface NoteItemView {
  title?: string;
  text?: string;
  images?: string[];
  subContent?: NoteItemView[];
}

/** Where a note's image is read: `/UpdateLog/image` on the admin service (public: an `<img>` sends no token). */
export const releaseNoteImageUrl = (name: string, version: string, releaseType: number): string =>
  serviceAddress('admin', releaseNoteImagePath(name, version, releaseType));

interface Props {
  items: NoteItemView[];
  version: string;
  releaseType: number;
  /** Another way to find an image's address (the console's preview of a note not saved under this version yet). */
  imageUrl?: (name: string) => string;
  depth?: number;
}

/**
 * A release note's items: each title, its HTML text (sanitized here once more), its images (click to enlarge), and its
 * `subContent` indented below it.
 */
export function ReleaseNoteItems({ items, version, releaseType, imageUrl, depth = 0 }: Props) {
  const { token } = theme.useToken();
  const urlOf = imageUrl ?? ((name: string) => releaseNoteImageUrl(name, version, releaseType));
  return (
    <Flex vertical gap={depth === 0 ? 20 : 12} style={{ minWidth: 0 }}>
      {items.map((item, index) => (
        <section
          key={index}
          style={{ minWidth: 0 }}
          data-testid={depth === 0 ? 'note-item' : 'note-sub-item'}
        >
          {item.title &&
            (depth === 0 ? (
              <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 6 }}>
                {item.title}
              </Typography.Title>
            ) : (
              <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
                {item.title}
              </Typography.Text>
            ))}
          {item.text && <SafeHtml html={item.text} />}
          {item.images && item.images.length > 0 && (
            <Image.PreviewGroup>
              <Flex wrap gap={8} style={{ marginTop: 8 }}>
                {item.images.map((name) => (
                  <Image
                    key={name}
                    src={urlOf(name)}
                    alt={item.title || name}
                    style={{ maxWidth: '100%', height: 'auto', borderRadius: token.borderRadius }}
                    rootClassName="release-note-image"
                    data-testid="note-image"
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
          {item.subContent && item.subContent.length > 0 && (
            <div
              style={{
                marginTop: 10,
                paddingInlineStart: 14,
                borderInlineStart: `2px solid ${token.colorSplit}`,
              }}
            >
              <ReleaseNoteItems
                items={item.subContent}
                version={version}
                releaseType={releaseType}
                imageUrl={imageUrl}
                depth={depth + 1}
              />
            </div>
          )}
        </section>
      ))}
    </Flex>
  );
}
