/** Writers of @archway/mesh: PLY, STL and OBJ from a Mesh, and the welding that turns a soup into an indexed mesh. */
export { weld } from './weld.ts';
export { writePly, type PlyOptions } from './ply.ts';
export { writeStl, faceNormal, type StlOptions } from './stl.ts';
export { writeObj } from './obj.ts';
export { convert, type ConvertOptions } from './convert.ts';
export { formatFloat32 } from './text.ts';
