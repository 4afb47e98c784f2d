/** @archway/mesh: PLY, STL and OBJ read, written and converted over typed arrays (see ARCHITECTURE.md). */
export * from './mesh.ts';
