/** The model builder: an open jaw scan closed into a printable solid, and the checks a printable mesh passes. */
export { buildModel, modelFrame, type BaseKind, type BuildModelOptions, type ModelFrame } from './build.ts';
export { checkMesh, signedVolume, type MeshCheck } from './checks.ts';
