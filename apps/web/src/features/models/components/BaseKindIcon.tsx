import type { ModelBaseKind } from '@archway/contract';

/**
 * A small drawing of a model base seen from above: a horseshoe (open at the back, following the arch: less resin) or
 * solid (a closed plate under the whole jaw, palate included).
 */
export function BaseKindIcon({ kind, size = 56 }: { kind: ModelBaseKind; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden className="base-kind-icon">
      {kind === 'horseshoe' ? (
        <path
          d="M10 54 C8 30 16 10 32 10 C48 10 56 30 54 54 L42 54 C43 36 39 23 32 23 C25 23 21 36 22 54 Z"
          fill="currentColor"
          opacity="0.85"
        />
      ) : (
        <path d="M10 54 C8 30 16 10 32 10 C48 10 56 30 54 54 Z" fill="currentColor" opacity="0.85" />
      )}
      <path
        d="M14 50 C13 32 20 15 32 15 C44 15 51 32 50 50"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeDasharray="4 3"
        opacity="0.9"
      />
    </svg>
  );
}
