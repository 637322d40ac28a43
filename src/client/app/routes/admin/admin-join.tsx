import { Head } from '#client/components/seo/head.tsx';
import { StaffJoin } from '#client/features/admin-shell/components/staff-join.tsx';

export default function AdminJoinRoute() {
  return (
    <>
      <Head title="Join the staff panel" noindex />
      <StaffJoin />
    </>
  );
}
