import { useState } from 'react';
import { App, Button, Flex, List, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderField } from '@archway/contract';
import { useDeleteOrderField } from '../api/delete-order-field.ts';
import { useReorderOrderFields } from '../api/reorder-order-fields.ts';
import { moveName } from '../utils/order.ts';
import { FIELD_TYPE_ICONS } from './field-types.tsx';

/**
 * The draft's fields in the order a clinic sees them: dragged by the handle, or moved with the arrows (also by
 * keyboard); each can be changed or removed (after a confirmation).
 */
export function FieldList({
  fields,
  onEdit,
  readOnly = false,
}: {
  fields: readonly OrderField[];
  onEdit: (f: OrderField) => void;
  /** The caller may not change the form (the server's `actions.change`): the list only shows it. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const reorder = useReorderOrderFields();
  const remove = useDeleteOrderField();
  const [dragged, setDragged] = useState<string | null>(null);
  const names = fields.map((f) => f.name);
  const move = (from: string, to: number) => {
    const next = moveName(names, from, to);
    if (next.join('\n') !== names.join('\n')) reorder.mutate(next);
  };

  return (
    <List
      bordered
      size="small"
      data-testid="order-field-list"
      dataSource={[...fields]}
      rowKey="name"
      renderItem={(field, index) => {
        const Icon = FIELD_TYPE_ICONS[field.type];
        return (
          <List.Item
            draggable={!readOnly}
            onDragStart={() => setDragged(field.name)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged) move(dragged, index);
              setDragged(null);
            }}
            style={{ opacity: dragged === field.name ? 0.5 : 1, gap: 8, flexWrap: 'wrap' }}
            data-testid={`order-field-row-${field.name}`}
          >
            <Flex gap={8} align="center" style={{ minWidth: 0, flex: '1 1 200px' }}>
              {!readOnly && (
                <HolderOutlined style={{ cursor: 'grab', color: 'var(--ant-color-text-tertiary)' }} />
              )}
              <Tooltip title={t(`orders.types.${field.type}`)}>
                <span aria-label={t(`orders.types.${field.type}`)}>
                  <Icon />
                </span>
              </Tooltip>
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {field.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                  {t(`orders.types.${field.type}`)}
                  {field.options.length > 0 &&
                    ` · ${field.options
                      .map((o) => (o.children?.length ? `${o.label} (${o.children.length})` : o.label))
                      .join(', ')}`}
                </Typography.Text>
              </Flex>
              {field.mandatory && <Tag color="red">{t('orders.list.mandatory')}</Tag>}
            </Flex>
            {!readOnly && (
              <Flex gap={2}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0 || reorder.isPending}
                  aria-label={t('orders.list.up', { name: field.name })}
                  onClick={() => move(field.name, index - 1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === fields.length - 1 || reorder.isPending}
                  aria-label={t('orders.list.down', { name: field.name })}
                  onClick={() => move(field.name, index + 1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('orders.list.edit', { name: field.name })}
                  onClick={() => onEdit(field)}
                  data-testid={`order-field-edit-${field.name}`}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('orders.list.remove', { name: field.name })}
                  onClick={() =>
                    modal.confirm({
                      title: t('orders.list.removeTitle', { name: field.name }),
                      content: t('orders.list.removeBody'),
                      okText: t('orders.list.removeOk'),
                      cancelText: t('common.cancel'),
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutateAsync(field.name),
                    })
                  }
                />
              </Flex>
            )}
          </List.Item>
        );
      }}
    />
  );
}
