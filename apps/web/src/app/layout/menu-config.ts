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
  // The back office comes first for a platform administrator, with or without an organization (issue 24): it is
  // their work; without an organization it is also their landing (home is hidden then).
  { path: '/manager', titleKey: 'routes.manager', icon: ToolOutlined, visible: menuRules.admin },
  { path: '/home', titleKey: 'routes.home', icon: HomeOutlined, visible: menuRules.home },
  {
    key: 'orders',
    titleKey: 'menu.orders',
    icon: ContainerOutlined,
    activePrefixes: ['/case'],
    needsOrg: true,
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
    needsOrg: true,
  },
  { path: '/statistical', titleKey: 'routes.statistical', icon: BarChartOutlined, needsOrg: true },
  {
    path: '/caseCompare',
    titleKey: 'routes.caseCompare',
    icon: DiffOutlined,
    visible: menuRules.compare,
    needsOrg: true,
  },
  {
    path: '/customizeOrder',
    titleKey: 'routes.customizeOrder',
    icon: FormOutlined,
    visible: menuRules.order,
    needsOrg: true,
  },
  {
    path: '/caseBuilder',
    titleKey: 'routes.caseBuilder',
    icon: BuildOutlined,
    visible: menuRules.builder,
    needsOrg: true,
  },
  { path: '/device', titleKey: 'routes.device', icon: ScanOutlined, needsOrg: true },
  { path: '/partner', titleKey: 'routes.partner', icon: ShareAltOutlined, needsOrg: true },
  { path: '/account', titleKey: 'routes.account', icon: IdcardOutlined },
  { path: '/newAccount', titleKey: 'routes.newAccount', icon: TeamOutlined, needsOrg: true },
  { path: '/recycle', titleKey: 'routes.recycle', icon: DeleteOutlined, needsOrg: true },
];
