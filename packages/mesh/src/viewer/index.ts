/** The 3D viewer's geometry: picking (TriangleBvh.raycast, and brute force to check it), the section outline, the bite. */
export { raycastBrute, type BruteHit } from './raycast-brute.ts';
export { sectionOutline } from './section-outline.ts';
export {
  occlusionMap,
  jawOcclusion,
  occlusionLegend,
  occlusionColour,
  occlusionThresholds,
  type Jaw,
  type JawOcclusion,
  type OcclusionOptions,
  type OcclusionResult,
} from './occlusion.ts';
