/** @archway/mesh: PLY, STL and OBJ read, written and converted over typed arrays (see docs/domains.md, "Scan data"). */
export * from './mesh.ts';
export * from './read/index.ts';
export * from './write/index.ts';
export * from './model/index.ts';
export * from './compare/index.ts';
export { TriangleBvh, type BvhParts } from './compare/bvh.ts';
export { vertexNormals } from './normals.ts';
export * from './viewer/index.ts';
export { archJaw, toothIndex, type JawOptions } from './fixtures/jaw.ts';
export {
  dentalJaw,
  OCCLUSAL_PLANE,
  SCAN_BODY_COLOR,
  STUMP_COLOR,
  type DentalJaw,
  type DentalJawOptions,
  type DentalPart,
} from './fixtures/dental.ts';
export {
  renderImage,
  PLASTER_COLOR,
  THUMBNAIL_VIEW,
  type RenderOptions,
  type RenderedImage,
  type Rgba,
} from './render/rasterize.ts';
