import { useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { TabLoading } from '#client/components/staff/tab-state.tsx';
import { AlertsQueue } from './alerts-queue.tsx';
import { ListsSection } from './lists-section.tsx';
import { SearchSection } from './search-section.tsx';

/**
 * CONTRACT §8 for owners and compliance: the screening alerts to work, the lists in use (and
 * loading a new version), and a search of the lists.
 */
export default function ScreeningTab() {
  // The panel opens a tab only once it knows the member; they decide what each alert offers.
  const staff = useStaffMember();
  if (!staff) return <TabLoading />;
  return (
    <div className="grid gap-12">
      <AlertsQueue staff={staff} />
      <ListsSection />
      <SearchSection />
    </div>
  );
}
