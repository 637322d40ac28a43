import { CheckCircle2, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  SCREENING_FILE_MISSING,
  SCREENING_LIST_LABELS,
  type ScreeningListUploadResponse,
  type ScreeningListVersion,
} from '#shared/schemas/screening.ts';
import { formatUkDateTime } from '#shared/uk-time.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { QueryView, TabEmpty, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { formatEntries } from '#client/components/staff/screening/screening-format.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useScreeningLists, useUploadScreeningList } from '../api/screening-lists.ts';

const LOAD_ERROR = 'Failed to load the screening lists';
/** The formats CONTRACT §8 reads: FCDO and OFAC CSV, UN XML, OpenSanctions CSV or JSON. */
const LIST_ACCEPT = '.csv,.xml,.json';

/** 'UK Sanctions List (FCDO) version 3 loaded: 1,234 entries'. */
export function loadedMessage(loaded: Omit<ScreeningListUploadResponse, 'ok'>): string {
  return `${SCREENING_LIST_LABELS[loaded.list]} version ${loaded.version} loaded: ${formatEntries(loaded.entries)}`;
}

/** What a failed upload says beside the form: the server's refusal (its line and reason). */
function uploadFailure(cause: unknown): string | null {
  if (isApiError(cause) && cause.status === 401) return null;
  if (isApiError(cause) && cause.status >= 400 && cause.status < 500) return cause.message;
  return 'Failed to upload the list. Please try again.';
}

export function ListsTable({ lists }: { lists: readonly ScreeningListVersion[] }) {
  return (
    <DataTable
      label="Screening lists in use"
      columns={['List', 'Version', 'Entries', 'Loaded at', 'Source']}
      quietHeader
    >
      {lists.map((list) => (
        <TableRow key={list.list}>
          <TableCell className="font-medium">{SCREENING_LIST_LABELS[list.list]}</TableCell>
          <TableCell>{list.version}</TableCell>
          <TableCell>{list.entries.toLocaleString('en-GB')}</TableCell>
          <TableCell className="whitespace-nowrap">
            <time dateTime={list.loaded_at}>{formatUkDateTime(list.loaded_at)}</time>
          </TableCell>
          <TableCell className="max-w-80 min-w-40 whitespace-normal wrap-anywhere">
            {list.source}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

/**
 * A list file (or OFAC's two) to load as a new version: the server tells the format by the
 * content; a file it cannot read changes nothing and says which line and why.
 */
export function ListUploadForm() {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  // A new input is the only way to empty a file input after a load.
  const [inputKey, setInputKey] = useState(0);
  const [missing, setMissing] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  const upload = useUploadScreeningList();
  const busy = upload.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const files = Array.from(input.current?.files ?? []);
    setRefusal(null);
    setLoaded(null);
    if (files.length === 0) {
      setMissing(SCREENING_FILE_MISSING);
      input.current?.focus();
      return;
    }
    setMissing(undefined);
    upload.mutate(files, {
      onSuccess: (result) => {
        const message = loadedMessage(result);
        setLoaded(message);
        toast.success(message);
        setInputKey((key) => key + 1);
      },
      onError: (cause) => setRefusal(uploadFailure(cause)),
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Load a list file"
      className="grid max-w-3xl gap-3 rounded-lg border border-border p-4"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-file`}>List file</Label>
        <div className="flex flex-wrap items-start gap-3">
          <Input
            key={inputKey}
            ref={input}
            id={`${id}-file`}
            name="file"
            type="file"
            multiple
            accept={LIST_ACCEPT}
            disabled={busy}
            onChange={() => setMissing(undefined)}
            aria-invalid={missing ? true : undefined}
            aria-describedby={describedBy(missing, errorId, hintId)}
            className="max-w-md min-w-0 flex-1 cursor-pointer"
          />
          <Button type="submit" disabled={busy}>
            <BusyLabel
              busy={busy}
              idle={
                <>
                  <Upload aria-hidden="true" />
                  Load list
                </>
              }
              working="Loading list..."
            />
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          The UK Sanctions List CSV, the UN consolidated XML, OFAC’s SDN CSV (with its
          alternate-names CSV, in the same upload or later), or an OpenSanctions targets.simple.csv
          or Senzing JSON export. Each load is a new version; everyone is screened again.
        </p>
        <FieldError id={errorId} message={missing} />
      </div>
      {refusal ? <FormAlert testId="upload-error">{refusal}</FormAlert> : null}
      <p role="status" className="text-sm empty:hidden">
        {loaded ? (
          <span className="inline-flex items-center gap-1.5">
            <CheckCircle2 aria-hidden="true" className="size-4 text-gold" />
            {loaded}
          </span>
        ) : null}
      </p>
    </form>
  );
}

/** CONTRACT §8: the lists in use, and loading a new version. */
export function ListsSection() {
  const lists = useScreeningLists();
  useLoadFailureToast(lists, 'admin-screening-lists', LOAD_ERROR);
  return (
    <ListSection
      id="screening-lists-title"
      title="Lists"
      description="The version of each list that applicants and members are screened against."
      className="min-w-0"
    >
      <QueryView
        query={lists}
        loadingLabel="Loading lists..."
        loadError={LOAD_ERROR}
        isEmpty={(data) => data.lists.length === 0}
        empty={
          <TabEmpty title="No list is loaded">
            Applicants are not screened until one is. Load a list file below.
          </TabEmpty>
        }
      >
        {(data) => <ListsTable lists={data.lists} />}
      </QueryView>
      <ListUploadForm />
    </ListSection>
  );
}
