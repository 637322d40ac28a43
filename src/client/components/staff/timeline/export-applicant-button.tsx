import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useExportApplicant } from '#client/lib/staff/api/export-applicant.ts';
import { useMayCall } from '#client/lib/staff/api/get-me.ts';

/**
 * 'Export data' (CONTRACT §6, subject access): downloads everything held on the applicant as a
 * ZIP. Shown only to the roles that may make the call.
 */
export function ExportApplicantButton({ basicId }: { basicId: string }) {
  const mayExport = useMayCall('admin-applicant-export');
  const exportData = useExportApplicant();
  if (!mayExport) return null;
  const onExport = () =>
    exportData.mutate(basicId, {
      onSuccess: () => toast.success('Data exported'),
    });
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-3 w-fit"
      disabled={exportData.isPending}
      onClick={onExport}
    >
      <BusyLabel
        busy={exportData.isPending}
        idle={
          <>
            <Download aria-hidden="true" />
            Export data
          </>
        }
        working="Exporting..."
      />
    </Button>
  );
}
