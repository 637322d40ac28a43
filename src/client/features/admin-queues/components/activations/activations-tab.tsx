import { useActivations } from '../../api/activations.ts';
import { CardQueueTab } from '../card-queue-tab.tsx';
import { ActivationCard } from './activation-card.tsx';

/** SPEC §2 'Activations': applicants at stage accepted, longest waiting first, a page at a time. */
export default function ActivationsTab() {
  return (
    <CardQueueTab
      name="activations"
      title="Ready for activation"
      level="activation"
      empty={{ what: 'Activation', after: 'offer acceptance' }}
      useList={useActivations}
      renderCard={(row, select) => <ActivationCard row={row} select={select} />}
    />
  );
}
