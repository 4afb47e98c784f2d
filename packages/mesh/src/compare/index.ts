/** Model comparison: alignment, signed distances, the deviation colour map (see compare.ts). */
export {
  compareMeshes,
  MIN_RANGE,
  UNCOVERED_COLOUR,
  type CompareOptions,
  type CompareResult,
} from './compare.ts';
export { deviationColour } from './colour.ts';
