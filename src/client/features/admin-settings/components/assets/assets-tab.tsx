import { useAssetList } from '../../api/assets.ts';
import {
  TabEmpty,
  TabError,
  TabLoading,
  useLoadFailureToast,
} from '#client/components/staff/tab-state.tsx';
import { AssetList } from './asset-list.tsx';
import { AssetUploadForm } from './asset-upload-form.tsx';

const LOAD_ERROR = 'Failed to load assets';

/** SPEC §2 'Assets': the card artwork manager (upload, list, delete). */
export default function AssetsTab() {
  const list = useAssetList();

  useLoadFailureToast(list, 'admin-asset-list', LOAD_ERROR);

  let body;
  if (list.isPending) body = <TabLoading />;
  else if (list.isError)
    body = <TabError message={LOAD_ERROR} onRetry={() => void list.refetch()} />;
  else if (list.data.assets.length === 0)
    body = (
      <TabEmpty title="No card artwork uploaded yet">
        Until a tier has artwork, /cards shows its default card.
      </TabEmpty>
    );
  else body = <AssetList assets={list.data.assets} />;

  return (
    <div className="grid gap-6">
      <AssetUploadForm />
      <section aria-labelledby="assets-list-title" className="grid gap-3">
        <h2 id="assets-list-title" className="font-serif text-xl leading-tight">
          Card artwork
        </h2>
        {body}
      </section>
    </div>
  );
}
