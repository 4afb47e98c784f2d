import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReleaseNoteLimits, type ReleaseNoteImage } from '@archway/contract';
import { serviceAddress } from '../../../shared/download.ts';
import { emptyItem, MAX_DEPTH } from '../utils/release-note-values.ts';

/** One level of items: each with title, HTML text and images; its sub-items below (up to three levels). */
export function ReleaseNoteItemsEditor({
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
                  <ReleaseNoteItemsEditor
                    listName={[field.name, 'subContent']}
                    depth={depth + 1}
                    images={images}
                  />
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
