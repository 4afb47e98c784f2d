import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Locale } from 'antd/es/locale';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { OfflineBanner } from './layout/OfflineBanner.tsx';
import { removeSplash } from './splash.ts';

export function App({ locale }: { locale: Locale }) {
  const [router] = useState(createAppRouter);
  useEffect(() => removeSplash(), []);
  return (
    <Providers locale={locale}>
      <RouterProvider router={router} />
      <OfflineBanner />
    </Providers>
  );
}
