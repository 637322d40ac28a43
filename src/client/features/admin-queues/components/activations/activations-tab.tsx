import { useActivations } from '../../api/activations.ts';
import { CardQueueTab } from '../card-queue-tab.tsx';
import { useQueueParams } from '#client/components/staff/queue-controls.tsx';
import { ActivationCard } from './activation-card.tsx';

/** SPEC §2 'Activations': applicants at stage accepted, longest waiting first, a page at a time. */
export default function ActivationsTab() {
  const queue = useQueueParams();
  const list = useActivations(queue.params);
  return (
    <CardQueueTab
      headingId="activations-heading"
      title="Ready for activation"
      queue={queue}
      list={list}
      listLabel="Applications ready for activation"
      empty={{
        title: 'No Applications Ready for Activation',
        text: 'Applications will appear here after offer acceptance.',
      }}
      keyOf={(row) => row.basic_id}
      renderCard={(row, slaHours) => <ActivationCard row={row} slaHours={slaHours} />}
    />
  );
}
