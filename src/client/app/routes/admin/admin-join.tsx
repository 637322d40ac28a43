import { Head } from '../../../components/seo/head.tsx';
import { StaffJoin } from '../../../features/admin/components/staff-join.tsx';

export default function AdminJoinRoute() {
  return (
    <>
      <Head title="Join the staff panel" noindex />
      <StaffJoin />
    </>
  );
}
