import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { Locale } from 'antd/es/locale';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App({ locale }: { locale: Locale }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers locale={locale}>
      <RouterProvider router={router} />
    </Providers>
  );
}
