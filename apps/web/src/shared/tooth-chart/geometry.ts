import { Arches, archOf, type ArchName } from '@archway/contract';

/** One drawn row of the chart: an arch, where its teeth sit and where their numbers go. */
export interface ChartRow {
  arch: ArchName;
  y: number;
  w: number;
  h: number;
  /** The baseline of the FDI numbers (above an upper row, below a lower one). */
  numberY: number;
}

export const CELL = 36;
export const MIDLINE_GAP = 10;
export const PAD = 6;
export const CHART_WIDTH = PAD * 2 + CELL * 16 + MIDLINE_GAP;

/** The x of a permanent position 0..15 (the patient's right molar first); the midline sits between 7 and 8. */
const slotX = (slot: number) => PAD + slot * CELL + (slot >= 8 ? MIDLINE_GAP : 0) + CELL / 2;

/** The permanent position 0..15 a tooth is drawn at: deciduous teeth sit under/over their successors (55 under 15). */
const slotOf = (arch: ArchName, index: number) =>
  arch === 'upperDeciduous' || arch === 'lowerDeciduous' ? index + 3 : index;

/** The centre x of a tooth in the full chart (both halves side by side). */
export function toothX(arch: ArchName, index: number): number {
  return slotX(slotOf(arch, index));
}

/** The width of one half (8 positions) when the chart is drawn in halves, one above the other. */
export const HALF_WIDTH = PAD * 2 + CELL * 8;
/** The space between the two halves. */
export const HALF_GAP = 14;

/**
 * Where a tooth is drawn: its centre x and the block it is in (0: the full chart, or the patient's right half;
 * 1: the patient's left half, drawn below the right one on a narrow screen).
 */
export function toothPlace(
  arch: ArchName,
  index: number,
  { halves }: { halves: boolean },
): { x: number; block: 0 | 1 } {
  const slot = slotOf(arch, index);
  if (!halves) return { x: slotX(slot), block: 0 };
  const block = slot >= 8 ? 1 : 0;
  return { x: PAD + (slot - block * 8) * CELL + CELL / 2, block };
}

/** The rows to draw, top to bottom, and the chart's height; deciduous rows sit inside the permanent ones. */
export function chartRows(deciduous: boolean): { rows: ChartRow[]; height: number; occlusalY: number } {
  if (!deciduous)
    return {
      rows: [
        { arch: 'upper', y: 18, w: 30, h: 40, numberY: 12 },
        { arch: 'lower', y: 74, w: 30, h: 40, numberY: 128 },
      ],
      height: 134,
      occlusalY: 66,
    };
  return {
    rows: [
      { arch: 'upper', y: 18, w: 30, h: 40, numberY: 12 },
      { arch: 'upperDeciduous', y: 64, w: 26, h: 30, numberY: 106 },
      { arch: 'lowerDeciduous', y: 136, w: 26, h: 30, numberY: 128 },
      { arch: 'lower', y: 172, w: 30, h: 40, numberY: 226 },
    ],
    height: 232,
    occlusalY: 115,
  };
}

/** The teeth of an arch, in drawing order. */
export const archTeeth = (arch: ArchName): readonly number[] => Arches[arch];

/** Whether the teeth are two or more neighbours of one arch (what "connect as bridge" needs). */
export function areNeighbours(teeth: readonly number[]): boolean {
  if (teeth.length < 2) return false;
  const places = teeth.map(archOf);
  if (places.some((p) => !p || p.arch !== places[0]!.arch)) return false;
  const idx = places.map((p) => p!.index).sort((a, b) => a - b);
  return idx[idx.length - 1]! - idx[0]! === idx.length - 1;
}
