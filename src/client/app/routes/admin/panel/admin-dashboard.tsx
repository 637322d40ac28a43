import { LogOut } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { mayCall } from '#shared/calls.ts';
import { STAFF_ROLE_LABELS, type StaffMember } from '#shared/staff.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useMe } from '#client/lib/staff/api/get-me.ts';
import { useSignOut } from '#client/lib/staff/api/sign-out.ts';
import { isAdminTab, resolveTab, tabsFor } from './admin-tab-list.ts';
import { TAB_SCREENS } from './admin-tabs.ts';
import { TabError, TabLoading } from '#client/components/staff/tab-state.tsx';
import { FailedMailNotice } from '#client/features/admin-shell/components/failed-mail-notice.tsx';
import { MaintenanceSwitch } from '#client/features/admin-settings/components/maintenance-switch.tsx';
import { SessionsDialog } from '#client/features/admin-shell/components/sessions-dialog.tsx';
import { ServiceLevelsStrip } from '#client/features/admin-shell/components/service-levels-strip.tsx';

/** Who is signed in, by name and role, beside 'Sign out'. */
function SignedInAs({ staff }: { staff: StaffMember }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-muted-foreground">Signed in as</span>
      <span className="font-medium break-all">{staff.name}</span>
      <Badge variant="outline">{STAFF_ROLE_LABELS[staff.role]}</Badge>
    </p>
  );
}

/** The switches and tabs the member's role may use (CONTRACT §5); the rest is not rendered. */
function DashboardBody({ staff }: { staff: StaffMember }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const visible = tabsFor(staff.role);
  const first = visible[0]?.value;
  // A tab the role cannot see (an old link, a changed role) opens the role's first tab.
  const tab = resolveTab(searchParams.get('tab'), visible);

  // The open tab lives in the address, so a reload or a shared link opens the same tab.
  const onTabChange = (value: string) => {
    if (!isAdminTab(value)) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value === first) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  const maintenance = mayCall(staff.role, 'admin-maintenance-toggle');
  const failedMail = mayCall(staff.role, 'admin-email-failed-list');
  return (
    <>
      {maintenance || failedMail ? (
        <div className="mt-6 grid max-w-3xl gap-4">
          {maintenance ? (
            <div className="max-w-xl">
              <MaintenanceSwitch />
            </div>
          ) : null}
          {failedMail ? <FailedMailNotice /> : null}
        </div>
      ) : null}
      <ServiceLevelsStrip role={staff.role} />
      <Tabs value={tab} onValueChange={onTabChange} className="mt-8">
        <TabsList aria-label="Admin sections" className="h-auto w-full flex-wrap justify-start">
          {visible.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {visible.map(({ value }) => {
          const Screen = TAB_SCREENS[value];
          return (
            <TabsContent key={value} value={value} className="mt-6">
              {value === tab ? <Screen /> : null}
            </TabsContent>
          );
        })}
      </Tabs>
    </>
  );
}

/**
 * SPEC §2: 'Admin Dashboard' with the maintenance switch and the tabs, as the signed-in
 * member's role allows (`admin-me`, read when the panel opens with a stored token).
 */
export function AdminDashboard() {
  const me = useMe();
  const signOut = useSignOut();
  const staff = me.data?.staff ?? null;

  let body;
  if (staff) body = <DashboardBody staff={staff} />;
  else if (me.isError)
    // A 401 has already brought the gate back; this is a failure to reach the server.
    body = (
      <div className="mt-8">
        <TabError message="Failed to load your account" onRetry={() => void me.refetch()} />
      </div>
    );
  else body = <TabLoading />;

  return (
    <div className="mx-auto w-full max-w-[90rem] px-4 py-8 md:px-8 md:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl leading-tight md:text-4xl">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Manage EOI requests and contact messages</p>
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 sm:justify-end">
          {staff ? <SignedInAs staff={staff} /> : null}
          <div className="flex flex-wrap gap-2">
            {staff ? <SessionsDialog /> : null}
            <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" />
              {signOut.isPending ? 'Signing out...' : 'Sign out'}
            </Button>
          </div>
        </div>
      </div>
      {body}
    </div>
  );
}
