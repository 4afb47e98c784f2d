import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import { ApiOutlined, ExperimentOutlined, MedicineBoxOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardAttention } from '@archway/contract';
import { numberFormat } from '../../../shared/i18n/format.ts';

function CountCard({
  icon,
  title,
  value,
  to,
  testId,
}: {
  icon: ReactNode;
  title: string;
  value: number;
  to: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link to={to} data-testid={testId} style={{ display: 'block', height: '100%' }}>
      <Card size="small" hoverable style={{ height: '100%' }}>
        <Flex align="center" gap={12}>
          <span style={{ fontSize: 22, color: token.colorPrimary, flex: 'none' }}>{icon}</span>
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text type="secondary">{title}</Typography.Text>
            <Typography.Text strong style={{ fontSize: 22 }} data-testid="count-value">
              {numberFormat({}, i18n.language).format(value)}
            </Typography.Text>
          </Flex>
          <RightOutlined style={{ color: token.colorTextTertiary }} aria-hidden />
        </Flex>
      </Card>
    </Link>
  );
}

/** Partner clinics, partner labs and the devices the organization may authorize to others, each a way in. */
export function NetworkCounts({ dashboard }: { dashboard: DashboardAttention }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={8}>
        <CountCard
          testId="count-clinics"
          icon={<MedicineBoxOutlined />}
          title={t('home.network.clinics')}
          value={dashboard.partners.clinics}
          to="/partner"
        />
      </Col>
      <Col xs={24} sm={8}>
        <CountCard
          testId="count-labs"
          icon={<ExperimentOutlined />}
          title={t('home.network.labs')}
          value={dashboard.partners.labs}
          to="/partner"
        />
      </Col>
      <Col xs={24} sm={8}>
        <CountCard
          testId="count-devices"
          icon={<ApiOutlined />}
          title={t('home.network.devices')}
          value={dashboard.authorizableDevices}
          to="/device"
        />
      </Col>
    </Row>
  );
}
