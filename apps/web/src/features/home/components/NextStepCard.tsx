import type { ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { ApiOutlined, ShareAltOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NextSteps } from '@archway/contract';

type NextStep = (typeof NextSteps)[number];

const STEPS: Record<NextStep, { icon: ReactNode; to: string }> = {
  bindDevice: { icon: <ApiOutlined />, to: '/device' },
  chooseReceiver: { icon: <ShareAltOutlined />, to: '/device' },
  findPartners: { icon: <TeamOutlined />, to: '/partner' },
};

/** A new organization has no figures yet: the one thing to do next, in place of empty charts. */
export function NextStepCard({ step }: { step: NextStep }) {
  const { t } = useTranslation();
  const { icon, to } = STEPS[step];
  return (
    <Card data-testid="home-next-step" data-step={step}>
      <Result
        icon={icon}
        status="info"
        title={t(`home.nextStep.${step}.title`)}
        subTitle={t(`home.nextStep.${step}.text`)}
        extra={
          <Link to={to}>
            <Button type="primary" data-testid="next-step-action">
              {t(`home.nextStep.${step}.action`)}
            </Button>
          </Link>
        }
        style={{ padding: '16px 0' }}
      />
    </Card>
  );
}
