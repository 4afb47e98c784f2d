import type { DeviceRow } from '@archway/contract';
import p2 from '../assets/scanner-p2.svg';
import p3 from '../assets/scanner-p3.svg';
import smart from '../assets/scanner-smart.svg';

const PICTURES: Record<DeviceRow['model'], string> = { P3: p3, smart, P2: p2 };

/**
 * A drawing of the scanner model (Archway's own SVGs in `features/devices/assets`), beside the model's name: it only
 * illustrates what the name says, so it is hidden from screen readers.
 */
export function ScannerPicture({ model, width = 60 }: { model: DeviceRow['model']; width?: number }) {
  return (
    <img
      src={PICTURES[model]}
      alt=""
      aria-hidden="true"
      width={width}
      height={(width * 48) / 120}
      className="scanner-picture"
      data-testid="scanner-picture"
      data-model={model}
      style={{ display: 'block', flex: 'none' }}
    />
  );
}
