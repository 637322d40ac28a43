import { accountRedirect } from '#shared/stages.ts';
import { LostCardLine } from '#client/components/company/lost-card-line.tsx';
import { AccountPortal } from '#client/features/apply/components/account-portal.tsx';
import { GateStatus } from '#client/features/apply/components/gate-status.tsx';
import { JourneyPage } from '#client/features/apply/components/journey-page.tsx';
import { useApplicationGate } from '#client/features/apply/hooks/use-application-gate.ts';

/** SPEC §2 /account: a placeholder portal for activated members only. */
export default function AccountRoute() {
  const gate = useApplicationGate((application) => accountRedirect(application.stage));
  return (
    <JourneyPage
      eyebrow="Account portal"
      title="Your account"
      lede="Your card and membership at a glance. More of your banking arrives here soon."
    >
      {gate.state === 'ready' ? (
        <div className="grid gap-10">
          <LostCardLine className="max-w-2xl" />
          <AccountPortal application={gate.application} />
        </div>
      ) : (
        <GateStatus gate={gate} />
      )}
    </JourneyPage>
  );
}
