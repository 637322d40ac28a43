import { accountRedirect } from '#shared/stages.ts';
import { LostCardLine } from '#client/components/company/lost-card-line.tsx';
import { AccountPortal } from '#client/features/apply/components/account-portal.tsx';
import { GatedJourneyPage } from '#client/features/apply/components/gated-journey-page.tsx';

/** SPEC §2 /account: a placeholder portal for activated members only. */
export default function AccountRoute() {
  return (
    <GatedJourneyPage
      redirectFor={(application) => accountRedirect(application.stage)}
      eyebrow="Account portal"
      title="Your account"
      lede="Your card and membership at a glance. More of your banking arrives here soon."
    >
      {(application) => (
        <div className="grid gap-10">
          <LostCardLine className="max-w-2xl" />
          <AccountPortal application={application} />
        </div>
      )}
    </GatedJourneyPage>
  );
}
