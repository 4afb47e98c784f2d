import {
  BarChartOutlined,
  BuildOutlined,
  ContainerOutlined,
  DeleteOutlined,
  DiffOutlined,
  FormOutlined,
  HomeOutlined,
  IdcardOutlined,
  ShareAltOutlined,
  TeamOutlined,
  ScanOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import {
  UnreadRepliesIcon,
  UnreadRepliesLabel,
} from '../../features/comments/components/UnreadRepliesLabel.tsx';
import { menuRules, type MenuEntryDef } from './menu-model.ts';

/**
 * The side menu. Only screens that really work are listed; each later issue adds its entry, e.g.
 *   { key: 'orders', titleKey: 'menu.orders', icon: ..., activePrefixes: ['/case'],
 *     children: [{ path: '/case', titleKey: 'routes.case' }, ...] },
 *   { path: '/customizeOrder', titleKey: 'routes.customizeOrder', visible: menuRules.order },
 */
export const menuConfig: readonly MenuEntryDef[] = [
  { path: '/home', titleKey: 'routes.home', icon: HomeOutlined },
  {
    key: 'orders',
    titleKey: 'menu.orders',
    icon: ContainerOutlined,
    activePrefixes: ['/case'],
    children: [
      { path: '/case', titleKey: 'routes.case' },
      { path: '/caseNot', titleKey: 'routes.caseNot' },
    ],
  },
  // Outside the orders group, so that its badge of new replies shows while the group is closed.
  {
    path: '/caseComment',
    titleKey: 'routes.caseComment',
    icon: UnreadRepliesIcon,
    label: UnreadRepliesLabel,
  },
  { path: '/statistical', titleKey: 'routes.statistical', icon: BarChartOutlined },
  { path: '/caseCompare', titleKey: 'routes.caseCompare', icon: DiffOutlined, visible: menuRules.compare },
  {
    path: '/customizeOrder',
    titleKey: 'routes.customizeOrder',
    icon: FormOutlined,
    visible: menuRules.order,
  },
  { path: '/caseBuilder', titleKey: 'routes.caseBuilder', icon: BuildOutlined, visible: menuRules.builder },
  { path: '/device', titleKey: 'routes.device', icon: ScanOutlined },
  { path: '/partner', titleKey: 'routes.partner', icon: ShareAltOutlined },
  { path: '/account', titleKey: 'routes.account', icon: IdcardOutlined },
  { path: '/newAccount', titleKey: 'routes.newAccount', icon: TeamOutlined },
  { path: '/recycle', titleKey: 'routes.recycle', icon: DeleteOutlined },
  { path: '/manager', titleKey: 'routes.manager', icon: ToolOutlined, visible: menuRules.admin },
];
