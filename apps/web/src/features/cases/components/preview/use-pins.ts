import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCasePins, usePostPin } from '../../api/case-pins.ts';
import { usePinOverlay } from '../../../../shared/mesh-view/PinMarkers.tsx';
import { pinToFly } from './pin-camera.ts';
import type { Pin, PinAnchor } from './pins.ts';

/**
 * The Remark tool's state: the case's pins (refreshed live with the thread), the open one, the camera flight to a
 * pin, the place being written about (a draft anchor) and sending it as a comment of the thread.
 */
export function usePins({
  caseId,
  initialPin,
  ready,
}: {
  caseId: string | null;
  /**
   * A pin to fly to once the scan is drawn (a comment's "Show on the scan"); a different one later flies there too.
   */
  initialPin: string | null;
  /** The scan is framed and drawn: flights may start. */
  ready: boolean;
}) {
  const query = useCasePins(caseId);
  const post = usePostPin();
  const overlay = usePinOverlay();
  const pins: readonly Pin[] = useMemo(() => query.data ?? [], [query.data]);
  const [placing, setPlacing] = useState(false);
  const [draft, setDraft] = useState<PinAnchor | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [flight, setFlight] = useState({ n: 0, to: null as PinAnchor['camera'] | null });
  // The asked-for pin last flown to (null once none is asked for).
  const [flown, setFlown] = useState<string | null>(null);

  const flyTo = useCallback(
    (id: string) => {
      const pin = pins.find((p) => p.id === id);
      if (!pin) return;
      setOpenId(id);
      setFlight((f) => ({ n: f.n + 1, to: pin.anchor.camera }));
    },
    [pins],
  );

  // Asked for a pin (at opening or later on the same page): fly there once the scan is drawn and the pins arrived.
  useEffect(() => {
    if (!initialPin) {
      setFlown(null);
      return;
    }
    const to = pinToFly({ requested: initialPin, flown, ready: ready && query.isSuccess });
    if (!to) return;
    setFlown(to);
    flyTo(to);
  }, [flown, initialPin, ready, query.isSuccess, flyTo]);

  const send = useCallback(
    (text: string) => {
      if (!caseId || !draft) return Promise.reject(new Error('no place'));
      return post.mutateAsync({ caseId, text, anchor: draft }).then((comment) => {
        setDraft(null);
        setPlacing(false);
        setOpenId(comment.id);
        return comment;
      });
    },
    [caseId, draft, post],
  );

  return {
    enabled: Boolean(caseId),
    pins,
    overlay,
    placing,
    setPlacing: (on: boolean) => {
      setPlacing(on);
      if (!on) setDraft(null);
    },
    draft,
    setDraft,
    openId,
    setOpenId,
    flight,
    flyTo,
    send,
    sending: post.isPending,
  };
}

export type PinsTool = ReturnType<typeof usePins>;
