import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { archOf, KindColors, KindSymbols, type ToothDesign } from '@archway/contract';
import {
  archTeeth,
  CELL,
  CHART_WIDTH,
  chartRows,
  HALF_GAP,
  HALF_WIDTH,
  MIDLINE_GAP,
  PAD,
  toothPlace,
  toothX,
  type ChartRow,
} from './geometry.ts';
import { toothText } from './labels.ts';
import './tooth-chart.css';

const EMPTY_FILL = '#ffffff';
const EMPTY_STROKE = '#9ca3af';
const BRIDGE_COLOR = '#111827';
const SELECT_COLOR = '#1677ff';
/** Below this width (px) the chart is drawn in halves, the patient's right above the left: teeth stay large. */
const HALVES_BELOW = 520;

/** The width the chart has on screen (0 until measured, and while hidden, e.g. the print copy). */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export interface ToothChartProps {
  teeth: readonly ToothDesign[];
  bridges: readonly (readonly number[])[];
  /** Draw the deciduous rows (51–85) too. */
  deciduous?: boolean;
  /** Interactive: the selected teeth and what a click or Enter/Space on a tooth does. */
  selected?: ReadonlySet<number>;
  onToggle?: (tooth: number) => void;
  /** The accessible name of the chart. */
  label?: string;
  'data-testid'?: string;
}

/**
 * The FDI tooth chart (shared by the case detail, the printed sheet, /caseDesign and the case report): both arches
 * as seen facing the patient (18…11 21…28 over 48…41 31…38), optional deciduous rows inside them, each tooth in its
 * restoration kind's fixed colour with the kind's letter, bridges as bars joining their teeth. Interactive when
 * `onToggle` is given: each tooth is a checkbox (click, or arrows to move and Enter/Space to select); else an image
 * whose name lists the design.
 */
export function ToothChart({
  teeth,
  bridges,
  deciduous = false,
  selected,
  onToggle,
  label,
  'data-testid': testId,
}: ToothChartProps) {
  const { t } = useTranslation();
  const byTooth = useMemo(() => new Map(teeth.map((d) => [d.tooth, d])), [teeth]);
  const { rows, height: blockHeight, occlusalY } = chartRows(deciduous);
  const box = useBoxWidth();
  const halves = box.width > 0 && box.width < HALVES_BELOW;
  const width = halves ? HALF_WIDTH : CHART_WIDTH;
  const height = halves ? blockHeight * 2 + HALF_GAP : blockHeight;
  const blockY = (block: 0 | 1) => (block === 1 ? blockHeight + HALF_GAP : 0);
  const place = (arch: ChartRow['arch'], index: number) => toothPlace(arch, index, { halves });
  const interactive = Boolean(onToggle);
  const [focus, setFocus] = useState<number | null>(null);
  const [current, setCurrent] = useState<number>(11);

  const rowOf = (arch: ChartRow['arch']) => rows.find((r) => r.arch === arch);
  const name = label ?? t('design.chart.label');
  const summary = interactive
    ? name
    : [
        name,
        ...(teeth.length ? teeth.map((d) => toothText(t, d.tooth, d)) : [t('design.empty.title')]),
        ...bridges.map((b) => t('design.chart.bridgeOf', { teeth: b.join('–') })),
      ].join('; ');

  const move = (tooth: number, key: string): number | undefined => {
    const place = archOf(tooth);
    if (!place) return undefined;
    const list = archTeeth(place.arch);
    if (key === 'ArrowRight') return list[Math.min(list.length - 1, place.index + 1)];
    if (key === 'ArrowLeft') return list[Math.max(0, place.index - 1)];
    if (key === 'Home') return list[0];
    if (key === 'End') return list[list.length - 1];
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      const order = rows.map((r) => r.arch);
      const at = order.indexOf(place.arch);
      const next = order[at + (key === 'ArrowDown' ? 1 : -1)];
      if (!next) return undefined;
      // The tooth drawn nearest to this one in the next row.
      const x = toothX(place.arch, place.index);
      const candidates = archTeeth(next);
      let best = candidates[0]!;
      for (const [i, c] of candidates.entries())
        if (Math.abs(toothX(next, i) - x) < Math.abs(toothX(next, archOf(best)!.index) - x)) best = c;
      return best;
    }
    return undefined;
  };

  const onKey = (tooth: number) => (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onToggle?.(tooth);
      return;
    }
    const next = move(tooth, e.key);
    if (next === undefined) return;
    e.preventDefault();
    setCurrent(next);
    const el = (e.currentTarget.ownerSVGElement ?? undefined)?.querySelector<SVGGElement>(
      `[data-tooth="${next}"]`,
    );
    el?.focus();
  };

  const tabStop = rows.some((r) => archTeeth(r.arch).includes(current)) ? current : 11;

  return (
    <div ref={box.ref} className="tooth-chart-box">
      <svg
        className="tooth-chart"
        viewBox={`0 0 ${width} ${height}`}
        data-halves={halves || undefined}
        role={interactive ? 'group' : 'img'}
        aria-label={summary}
        data-testid={testId}
      >
        {/* The midline and the occlusal plane (in halves: the midline is each half's inner edge). */}
        {!halves && (
          <line
            x1={PAD + CELL * 8 + MIDLINE_GAP / 2}
            x2={PAD + CELL * 8 + MIDLINE_GAP / 2}
            y1={2}
            y2={height - 2}
            className="tooth-chart-guide"
          />
        )}
        {([0, 1] as const)
          .filter((block) => halves || block === 0)
          .map((block) => (
            <line
              key={block}
              x1={PAD}
              x2={width - PAD}
              y1={occlusalY + blockY(block)}
              y2={occlusalY + blockY(block)}
              className="tooth-chart-guide"
            />
          ))}

        {/* Bridges: a bar through their teeth, seen in the gaps between them. */}
        {bridges.map((bridge) => {
          const places = bridge.map(archOf).filter((p) => p !== undefined);
          const row = places[0] && rowOf(places[0].arch);
          if (!row || places.length < 2) return null;
          const drawn = places.map((p) => place(p.arch, p.index));
          const crosses = new Set(drawn.map((d) => d.block)).size > 1;
          const upper = row.arch.startsWith('upper');
          return (
            <g key={bridge.join('-')} data-bridge={bridge.join('-')}>
              {([0, 1] as const).map((block) => {
                const xs = drawn.filter((d) => d.block === block).map((d) => d.x);
                if (!xs.length) return null;
                // A bridge across the midline, drawn in halves, runs to each half's inner edge.
                const x1 = crosses && block === 1 ? PAD / 2 : Math.min(...xs);
                const x2 = crosses && block === 0 ? width - PAD / 2 : Math.max(...xs);
                const y = row.y + blockY(block);
                const edge = upper ? y - 3 : y + row.h + 3;
                return (
                  <g key={block}>
                    <rect
                      x={x1}
                      y={y + row.h / 2 - 6}
                      width={x2 - x1}
                      height={12}
                      rx={3}
                      fill={BRIDGE_COLOR}
                    />
                    <line x1={x1} x2={x2} y1={edge} y2={edge} stroke={BRIDGE_COLOR} strokeWidth={2.5} />
                  </g>
                );
              })}
            </g>
          );
        })}

        {rows.map((row) =>
          archTeeth(row.arch).map((tooth, index) => {
            const d = byTooth.get(tooth);
            const { x: cx, block } = place(row.arch, index);
            const x = cx - row.w / 2;
            const top = row.y + blockY(block);
            const color = d ? KindColors[d.kind] : undefined;
            const isSelected = selected?.has(tooth) ?? false;
            const text = toothText(t, tooth, d);
            return (
              <g
                key={tooth}
                data-tooth={tooth}
                data-kind={d?.kind}
                className={interactive ? 'tooth-chart-tooth is-interactive' : 'tooth-chart-tooth'}
                {...(interactive
                  ? {
                      role: 'checkbox',
                      'aria-checked': isSelected,
                      'aria-label': text,
                      tabIndex: tooth === tabStop ? 0 : -1,
                      onClick: () => {
                        setCurrent(tooth);
                        onToggle?.(tooth);
                      },
                      onKeyDown: onKey(tooth),
                      onFocus: () => setFocus(tooth),
                      onBlur: () => setFocus((f) => (f === tooth ? null : f)),
                    }
                  : { 'aria-hidden': true })}
              >
                <title>{text}</title>
                <text
                  x={cx}
                  y={row.numberY + blockY(block)}
                  textAnchor="middle"
                  className="tooth-chart-number"
                >
                  {tooth}
                </text>
                {(isSelected || focus === tooth) && (
                  <rect
                    x={x - 3.5}
                    y={top - 3.5}
                    width={row.w + 7}
                    height={row.h + 7}
                    rx={9}
                    fill="none"
                    stroke={SELECT_COLOR}
                    strokeWidth={isSelected ? 3 : 2}
                    strokeDasharray={isSelected ? undefined : '4 3'}
                  />
                )}
                <rect
                  x={x}
                  y={top}
                  width={row.w}
                  height={row.h}
                  rx={7}
                  fill={color ?? EMPTY_FILL}
                  stroke={color ?? EMPTY_STROKE}
                  strokeWidth={1.5}
                  strokeDasharray={d?.kind === 'MissingTooth' ? '3 2' : undefined}
                />
                {d && (
                  <text x={cx} y={top + row.h / 2 + 5} textAnchor="middle" className="tooth-chart-symbol">
                    {KindSymbols[d.kind]}
                  </text>
                )}
                {d?.shade && (
                  <text x={cx} y={top + row.h - 4} textAnchor="middle" className="tooth-chart-shade">
                    {d.shade}
                  </text>
                )}
              </g>
            );
          }),
        )}
      </svg>
    </div>
  );
}
