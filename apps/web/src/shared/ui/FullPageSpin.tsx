import { Flex, Spin } from 'antd';

/** A centred loading indicator filling its container. */
export function FullPageSpin({ tip }: { tip?: string }) {
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '60vh', width: '100%' }}>
      <Spin size="large" />
      {tip && <span>{tip}</span>}
    </Flex>
  );
}
