import { lazy, Suspense } from 'react';
import { Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const ModelComparePage = lazy(() => import('../../features/compare/ModelComparePage.tsx'));
const StatsComparePage = lazy(() => import('../../features/stats/ComparePage.tsx'));

type Tab = 'models' | 'stats';

/**
 * `/caseCompare`: two tabs, the model comparison (first, the compare feature) and the statistics comparison (the
 * stats feature). Composed here because features never import each other. The open tab is in the address
 * (`?tab=stats`; the model comparison without it), so a link or a reload opens the same one.
 */
export default function CaseComparePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'stats' ? 'stats' : 'models';
  const fallback = <Skeleton active />;
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        setParams((p) => {
          const next = new URLSearchParams(p);
          if (key === 'stats') next.set('tab', 'stats');
          else next.delete('tab');
          return next;
        })
      }
      destroyOnHidden
      data-testid="case-compare-tabs"
      items={[
        {
          key: 'models',
          label: <span data-testid="tab-models">{t('compare.tabs.models')}</span>,
          children: (
            <Suspense fallback={fallback}>
              <ModelComparePage />
            </Suspense>
          ),
        },
        {
          key: 'stats',
          label: <span data-testid="tab-stats">{t('compare.tabs.stats')}</span>,
          children: (
            <Suspense fallback={fallback}>
              <StatsComparePage />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
