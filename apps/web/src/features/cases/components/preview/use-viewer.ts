/** The viewer's state pieces (ScanViewer puts them together): jaws shown and views, measuring, the bite's pair. */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { jawOf } from './scan-files.ts';
import type { ViewRequest } from './scene.tsx';
import type { ScanState, ViewerFile } from '../../../../shared/viewer-core/use-scans.ts';
import type { ViewName } from './views.ts';
import type { BitePart } from './BiteLayer.tsx';
import type { BiteJawSource } from './use-bite.ts';
import type { Pick } from './pointer-pick.ts';
import type { Measurement, Point3 } from './MeasureTool.tsx';

/** The element's width (0 before it is measured), followed as it changes. */
export function useWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Which files are hidden and the standard view asked for. An occlusal view hides the other jaw (it would stand
 * between the camera and the teeth); the next other view shows it again, unless the person hid it themselves.
 */
export function useViews(files: readonly ViewerFile[]) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [viewRequest, setViewRequest] = useState<ViewRequest>({ view: 'default', seq: 0 });
  const autoHidden = useRef<ReadonlySet<string>>(new Set());
  const show = (view: ViewName | 'default') => {
    setViewRequest((r) => ({ view, seq: r.seq + 1 }));
    const occlusal = view === 'upper' || view === 'lower';
    const own = files.filter((f) => occlusal && jawOf(f.name) === view).map((f) => f.id);
    const other = files
      .filter((f) => occlusal && jawOf(f.name) === (view === 'upper' ? 'lower' : 'upper'))
      .map((f) => f.id);
    const hide = own.length > 0 ? other : [];
    const before = autoHidden.current;
    setHidden((h) => {
      const next = new Set(h);
      for (const id of before) next.delete(id);
      for (const id of own) next.delete(id);
      for (const id of hide) next.add(id);
      return next;
    });
    autoHidden.current = new Set(hide.filter((id) => !hidden.has(id) || before.has(id)));
  };
  const toggleFile = (id: string, on: boolean) => {
    autoHidden.current = new Set([...autoHidden.current].filter((x) => x !== id));
    setHidden((h) => {
      const next = new Set(h);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  return { hidden, viewRequest, show, toggleFile };
}

/** The Measure tool: on or off, the measurements, the first point of the next one. */
export function useMeasuring() {
  const [measuring, setMeasuring] = useState(false);
  const [measurements, setMeasurements] = useState<Measurement[]>([]);
  const [pending, setPending] = useState<Point3 | null>(null);
  const pendingRef = useRef<Point3 | null>(null);
  const nextId = useRef(1);
  const onPick = useCallback((hit: Pick) => {
    const point: Point3 = [hit.point.x, hit.point.y, hit.point.z];
    const first = pendingRef.current;
    if (!first) {
      pendingRef.current = point;
      setPending(point);
      return;
    }
    pendingRef.current = null;
    setPending(null);
    const id = nextId.current++;
    setMeasurements((ms) => [...ms, { id, a: first, b: point }]);
  }, []);
  /** Forgets the first point of a measurement not finished. */
  const dropPending = () => {
    pendingRef.current = null;
    setPending(null);
  };
  return { measuring, setMeasuring, measurements, setMeasurements, pending, onPick, dropPending };
}

/**
 * The bite's pair: one upper and one lower jaw (by the files' names), once both are loaded; and their parts for the
 * map, the same arrays while the pair and what is hidden stay (BiteLayer builds its geometries once).
 */
export function useBitePair(
  files: readonly ViewerFile[],
  states: Readonly<Record<string, ScanState | undefined>>,
  readyKey: string,
  hidden: ReadonlySet<string>,
) {
  const upperFile = files.filter((f) => jawOf(f.name) === 'upper');
  const lowerFile = files.filter((f) => jawOf(f.name) === 'lower');
  const hasPair = upperFile.length === 1 && lowerFile.length === 1;
  const pair = useMemo(() => {
    const jaw = (file: ViewerFile | undefined): BiteJawSource | null => {
      if (!file) return null;
      const state = states[file.id];
      return state?.status === 'ready' ? { fileId: file.id, geometries: state.geometries } : null;
    };
    const upper = hasPair ? jaw(upperFile[0]) : null;
    const lower = hasPair ? jaw(lowerFile[0]) : null;
    return upper && lower ? { upper, lower } : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the set of loaded files decides it
  }, [readyKey, hasPair]);
  const parts = useMemo(() => {
    const of = (jaw: BiteJawSource): BitePart[] =>
      jaw.geometries.map((geometry, i) => ({
        key: `bite:${jaw.fileId}:${i}`,
        fileId: jaw.fileId,
        geometry,
        visible: !hidden.has(jaw.fileId),
      }));
    return pair ? { upper: of(pair.upper), lower: of(pair.lower) } : null;
  }, [pair, hidden]);
  return { hasPair, pair, parts };
}
