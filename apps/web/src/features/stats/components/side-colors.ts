import type { GlobalToken } from 'antd';

/**
 * The colours of sides A and B: the first two of the shared chart card's palette (shared/charts/Chart.tsx), so the
 * tags beside the controls and the indicator headings match the lines and bars.
 */
export const sideColors = (token: GlobalToken): [string, string] => [token.colorPrimary, '#f5a524'];
