import { theme } from 'antd';

const KEYFRAMES = `@keyframes archway-progress { 0% { left: -40%; } 100% { left: 100%; } }`;

/** The thin progress bar at the top of the page while the guard waits. */
export function TopProgressBar() {
  const { token } = theme.useToken();
  return (
    <div
      role="progressbar"
      aria-busy="true"
      data-testid="top-progress"
      style={{ position: 'fixed', inset: '0 0 auto 0', height: 3, overflow: 'hidden', zIndex: 2000 }}
    >
      <style>{KEYFRAMES}</style>
      <div
        style={{
          position: 'absolute',
          top: 0,
          width: '40%',
          height: '100%',
          background: token.colorPrimary,
          animation: 'archway-progress 1.1s ease-in-out infinite',
        }}
      />
    </div>
  );
}
