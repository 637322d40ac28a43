import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatFileSize, type AssetRow } from '#shared/schemas/admin-lists.ts';
import { TIER_INFO } from '#shared/tiers.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { ConfirmDialog } from '#client/components/staff/confirm-dialog.tsx';
import { failureShown } from '#client/lib/react-query.ts';
import { useDeleteAsset } from '../../api/assets.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

/** Delete with a confirmation (SPEC §2); the dialog stays open, busy, until the server answers. */
function DeleteAsset({ asset }: { asset: AssetRow }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAsset();
  const tierName = TIER_INFO[asset.tier].name;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only">
            {' '}
            {asset.file_name} ({tierName})
          </span>
        </Button>
      }
      title="Delete this asset?"
      description={`${asset.file_name} (${tierName}) will be removed for good. If it is the newest artwork of its tier, /cards shows the one before it, or the default card.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={() =>
        remove
          .mutateAsync(asset.id)
          .then(() => toast.success('Asset deleted successfully'), failureShown)
      }
    />
  );
}

/** SPEC §2 'Assets' list: preview, tier, file name, size (Bytes, KB or MB), upload date. */
export function AssetList({ assets }: { assets: AssetRow[] }) {
  // The newest of each tier is the one /cards shows.
  const live = new Set<string>();
  const seen = new Set<string>();
  for (const asset of [...assets].sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at))) {
    if (seen.has(asset.tier)) continue;
    seen.add(asset.tier);
    live.add(asset.id);
  }

  return (
    <DataTable
      label="Card assets"
      columns={['Preview', 'Tier', 'File name', 'Size', 'Uploaded', 'Actions']}
    >
      {assets.map((asset) => (
        <TableRow key={asset.id}>
          <TableCell>
            <img
              src={asset.url}
              alt={`${TIER_INFO[asset.tier].name} card artwork`}
              width={86}
              height={54}
              loading="lazy"
              decoding="async"
              className="h-[54px] w-[86px] rounded-[5px] border border-border bg-muted object-cover"
            />
          </TableCell>
          <TableCell>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{TIER_INFO[asset.tier].name}</span>
              {live.has(asset.id) ? <Badge variant="gold">On /cards</Badge> : null}
            </div>
          </TableCell>
          <TableCell className="max-w-56 min-w-40 break-all">{asset.file_name}</TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">
            {formatFileSize(asset.file_size)}
          </TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">
            <time dateTime={asset.uploaded_at}>{formatStaffDateTime(asset.uploaded_at)}</time>
          </TableCell>
          <TableCell>
            <DeleteAsset asset={asset} />
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}
