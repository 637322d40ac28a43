import { useAssetList } from '../../api/assets.ts';
import { QueryView, TabEmpty, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { AssetList } from './asset-list.tsx';
import { AssetUploadForm } from './asset-upload-form.tsx';

const LOAD_ERROR = 'Failed to load assets';

/** SPEC §2 'Assets': the card artwork manager (upload, list, delete). */
export default function AssetsTab() {
  const list = useAssetList();

  useLoadFailureToast(list, 'admin-asset-list', LOAD_ERROR);

  return (
    <div className="grid gap-6">
      <AssetUploadForm />
      <ListSection id="assets-list-title" title="Card artwork">
        <QueryView
          query={list}
          loadError={LOAD_ERROR}
          isEmpty={(data) => data.assets.length === 0}
          empty={
            <TabEmpty title="No card artwork uploaded yet">
              Until a tier has artwork, /cards shows its default card.
            </TabEmpty>
          }
        >
          {(data) => <AssetList assets={data.assets} />}
        </QueryView>
      </ListSection>
    </div>
  );
}
