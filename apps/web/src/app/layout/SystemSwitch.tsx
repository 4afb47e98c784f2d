import { Segmented } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSystem, type SystemType } from '../../shared/system.ts';

/** Switches between the first and second system by going through `/{system}/{path}`. */
export function SystemSwitch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { system } = useSystem();
  return (
    <Segmented<SystemType>
      size="small"
      value={system}
      aria-label={t('system.label')}
      title={t('system.label')}
      data-testid="system-switch"
      options={[
        { value: 'first', label: t('system.first') },
        { value: 'second', label: t('system.second') },
      ]}
      onChange={(value) => navigate(`/${value}${pathname}${search}`)}
    />
  );
}
