import { Outlet } from 'react-router';
import { MainLayout } from '../../components/layouts/main-layout.tsx';

/** The root layout route: skip link, header with navigation drawer, page, footer. */
export default function RootRoute() {
  return (
    <MainLayout>
      <Outlet />
    </MainLayout>
  );
}
