import type { ComponentType } from 'react';
import {
  CalendarOutlined,
  CheckCircleOutlined,
  CheckSquareOutlined,
  DownSquareOutlined,
  FontSizeOutlined,
  PaperClipOutlined,
  PoweroffOutlined,
} from '@ant-design/icons';
import { ChoiceFieldTypes, type OrderFieldType } from '@archway/contract';

/** Each field type's icon in the designer (product §3: input box, dropdown, date, radio, checkbox, switch, file). */
export const FIELD_TYPE_ICONS: Record<OrderFieldType, ComponentType> = {
  input: FontSizeOutlined,
  dropdown: DownSquareOutlined,
  date: CalendarOutlined,
  radio: CheckCircleOutlined,
  checkbox: CheckSquareOutlined,
  switch: PoweroffOutlined,
  file: PaperClipOutlined,
};

export const hasOptions = (type: OrderFieldType | undefined): boolean =>
  type !== undefined && ChoiceFieldTypes.includes(type);
