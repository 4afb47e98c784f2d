import { Tag, theme } from 'antd';
import { sideColors } from './side-colors.ts';

/** "A" or "B" in its side's chart colour. */
export function SideTag({ side }: { side: 'A' | 'B' }) {
  const { token } = theme.useToken();
  const [a, b] = sideColors(token);
  return (
    <Tag color={side === 'A' ? a : b} style={{ marginInlineEnd: 4, fontWeight: 600 }}>
      {side}
    </Tag>
  );
}
