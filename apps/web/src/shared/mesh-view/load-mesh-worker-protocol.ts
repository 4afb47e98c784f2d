import type { MeshData } from './mesh-data.ts';

/** The page asks the mesh worker for one file. */
export interface MeshRequest {
  url: string;
  token: string | null;
}

export type MeshFailure = {
  type: 'failed';
  reason: 'network' | 'refused' | 'unreadable';
  /** HTTP status of a refusal, else 0. */
  httpStatus: number;
  /** The catalogue key of a refusal, when the server sent one. */
  key: string | null;
  message: string;
};

export type MeshReply = { type: 'done'; mesh: MeshData } | MeshFailure;
