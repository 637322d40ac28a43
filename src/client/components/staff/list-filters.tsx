import { Download, LoaderCircle, Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import * as Ui from '#client/components/ui/select.tsx';

export type FilterOption = { value: string; label: ReactNode };

type FilterSelectProps = {
  /** The trigger's id, which the label names. */
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly FilterOption[];
  /** Classes of the field (label and select); a two-row grid by default. */
  className?: string | undefined;
  triggerClassName?: string | undefined;
};

/** A list filter: its label over a select of options. */
export function FilterSelect({
  id,
  label,
  value,
  onValueChange,
  options,
  className = 'grid gap-2',
  triggerClassName,
}: FilterSelectProps) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Ui.Select value={value} onValueChange={onValueChange}>
        <Ui.SelectTrigger id={id} className={triggerClassName}>
          <Ui.SelectValue />
        </Ui.SelectTrigger>
        <OptionList options={options} />
      </Ui.Select>
    </div>
  );
}

/** A select's list of options (inside its `Select`). */
export function OptionList({ options }: { options: readonly FilterOption[] }) {
  return (
    <Ui.SelectContent>
      {options.map((option) => (
        <Ui.SelectItem key={option.value} value={option.value}>
          {option.label}
        </Ui.SelectItem>
      ))}
    </Ui.SelectContent>
  );
}

type SearchFieldProps = Omit<ComponentProps<typeof Input>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Classes of the field (label, box and anything after it). */
  fieldClassName?: string | undefined;
  /** Drawn under the box, e.g. a hint the box is described by. */
  children?: ReactNode;
};

/** A list's search box, with its label and magnifier. */
export function SearchField({
  id,
  label,
  value,
  onValueChange,
  fieldClassName,
  children,
  ...props
}: SearchFieldProps) {
  return (
    <div className={fieldClassName}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          placeholder="Search by name or email..."
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className="pl-9"
          autoComplete="off"
          {...props}
        />
      </div>
      {children}
    </div>
  );
}

/** 'Export CSV', or 'Exporting...' with a spinner while the file is made. */
export function ExportCsvButton({
  pending,
  disabled,
  onClick,
  className,
}: {
  pending: boolean;
  disabled?: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="outline"
      onClick={onClick}
      disabled={pending || disabled}
      className={className}
    >
      {pending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <Download aria-hidden="true" />
      )}
      {pending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
