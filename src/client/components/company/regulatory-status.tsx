import { COMPANY } from '../../config/site.ts';
import { statusStatement } from '#shared/company.ts';
import { cn } from '../../utils/cn.ts';

/**
 * The status statement a UK firm shows (who provides the accounts and cards, under which
 * authorisation and firm reference number) and the registered office, from the company facts.
 */
export function RegulatoryStatus({ className }: { className?: string }) {
  return (
    <div data-testid="regulatory-status" className={cn('space-y-2', className)}>
      <p>{statusStatement()}</p>
      <p>
        {COMPANY.legalName}. {COMPANY.registration}. Registered office: {COMPANY.registeredOffice}.
      </p>
    </div>
  );
}
