import { Typography } from 'antd';
import type { Pin } from './pins.ts';

/**
 * The list of a case's pins beside the 3D view ("Remarks on the scan"): number, author and text; choosing one flies
 * the view to it (the caller's `onSelect`). Shared by the viewer and the share page.
 */
export function PinList({
  pins,
  title,
  empty,
  openId,
  onSelect,
  testId = 'pin-list',
}: {
  pins: readonly Pin[];
  title: string;
  /** Shown when there is no pin yet. */
  empty?: string;
  openId: string | null;
  onSelect: (id: string) => void;
  testId?: string;
}) {
  return (
    <section className="pin-list" data-testid={testId} aria-label={title}>
      <Typography.Text strong className="pin-list-title">
        {title}
      </Typography.Text>
      {pins.length === 0 && empty ? (
        <Typography.Text type="secondary" className="pin-list-empty">
          {empty}
        </Typography.Text>
      ) : (
        <ol className="pin-list-items">
          {pins.map((pin, i) => (
            <li key={pin.id}>
              <button
                type="button"
                className={pin.id === openId ? 'pin-list-item is-open' : 'pin-list-item'}
                onClick={() => onSelect(pin.id)}
                data-testid="pin-list-item"
                data-pin={pin.id}
              >
                <span className="pin-list-number">{i + 1}</span>
                <span className="pin-list-body">
                  <span className="pin-list-text">{pin.text}</span>
                  <span className="pin-list-author">{pin.custName}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
