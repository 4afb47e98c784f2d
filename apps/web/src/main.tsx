import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './app/bootstrap.ts';
import { App } from './app/App.tsx';
import { keepTablistsToTabs } from './shared/ui/tablist-roles.ts';
import './app/global.css';

const root = document.getElementById('root');
if (root) {
  keepTablistsToTabs();
  void bootstrap().then((locale) =>
    createRoot(root).render(
      <StrictMode>
        <App locale={locale} />
      </StrictMode>,
    ),
  );
}
