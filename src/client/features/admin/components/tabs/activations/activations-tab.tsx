import { useActivations } from '../../../api/activations.ts';
import { TabEmpty, TabError, TabLoading } from '../../common/tab-state.tsx';
import { ActivationCard } from './activation-card.tsx';

/** SPEC §2 'Activations': applicants at stage accepted, longest waiting first. */
export default function ActivationsTab() {
  const activations = useActivations();
  if (activations.isPending) return <TabLoading label="Loading applications..." />;
  if (activations.isError) {
    return (
      <TabError message="Failed to load applications" onRetry={() => void activations.refetch()} />
    );
  }
  if (activations.data.data.length === 0) {
    return (
      <TabEmpty title="No Applications Ready for Activation">
        Applications will appear here after offer acceptance.
      </TabEmpty>
    );
  }
  return (
    <section aria-label="Applications ready for activation">
      <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {activations.data.data.map((row) => (
          <li key={row.basic_id}>
            <ActivationCard row={row} />
          </li>
        ))}
      </ul>
    </section>
  );
}
