import { LogOut } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useSignOut } from '../api/sign-out.ts';
import { ADMIN_TABS, DEFAULT_TAB, isAdminTab, type AdminTab } from './admin-tab-list.ts';
import { TAB_SCREENS } from './admin-tabs.ts';
import { FailedMailNotice } from './failed-mail-notice.tsx';
import { MaintenanceSwitch } from './maintenance-switch.tsx';

/** SPEC §2: 'Admin Dashboard' with the maintenance switch and the nine tabs. */
export function AdminDashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : DEFAULT_TAB;
  const signOut = useSignOut();

  // The open tab lives in the address, so a reload or a shared link opens the same tab.
  const onTabChange = (value: string) => {
    if (!isAdminTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full max-w-[90rem] px-4 py-8 md:px-8 md:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl leading-tight md:text-4xl">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Manage EOI requests and contact messages</p>
        </div>
        <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Signing out...' : 'Sign out'}
        </Button>
      </div>
      <div className="mt-6 grid max-w-3xl gap-4">
        <div className="max-w-xl">
          <MaintenanceSwitch />
        </div>
        <FailedMailNotice />
      </div>
      <Tabs value={tab} onValueChange={onTabChange} className="mt-8">
        <TabsList aria-label="Admin sections" className="h-auto w-full flex-wrap justify-start">
          {ADMIN_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map(({ value }) => {
          const Screen = TAB_SCREENS[value];
          return (
            <TabsContent key={value} value={value} className="mt-6">
              {value === tab ? <Screen /> : null}
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
