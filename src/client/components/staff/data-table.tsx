import type { ComponentProps, ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/table.tsx';
import { cn } from '#client/utils/cn.ts';

/** The staff lists' cells and rows, so a list needs only this module. */
export { TableCell, TableRow };

/** A column: its header text, or a header with its own key, classes or width. */
export type DataColumn =
  | string
  | {
      key: string;
      header: ReactNode;
      /** Classes of the header cell. */
      className?: string | undefined;
      /** Classes of the column's `<col>` (a width); any column's width adds a colgroup. */
      width?: string | undefined;
    };

type DataTableProps = Omit<ComponentProps<'table'>, 'children'> & {
  /** Accessible name of the table's scrolling region. */
  label: string;
  columns: readonly DataColumn[];
  /** The rows, drawn by the caller. */
  children: ReactNode;
  /** The header row keeps its tint under the pointer (no hover highlight). */
  quietHeader?: boolean;
  /** The rows on screen are being replaced: dimmed and marked busy. */
  busy?: boolean;
  bodyClassName?: string | undefined;
};

/** A staff list's table: the header from `columns`, the body from the caller's rows. */
export function DataTable({
  label,
  columns,
  children,
  quietHeader,
  busy,
  className,
  bodyClassName,
  ...props
}: DataTableProps) {
  const cols = columns.map((column) =>
    typeof column === 'string' ? { key: column, header: column } : column,
  );
  return (
    <Table
      label={label}
      aria-busy={busy || undefined}
      className={cn(className, busy && 'opacity-60 transition-opacity')}
      {...props}
    >
      {cols.some((column) => 'width' in column) ? (
        <colgroup>
          {cols.map((column) => (
            <col key={column.key} className={'width' in column ? column.width : undefined} />
          ))}
        </colgroup>
      ) : null}
      <TableHeader>
        <TableRow className={quietHeader ? 'hover:bg-transparent' : undefined}>
          {cols.map((column) => (
            <TableHead
              key={column.key}
              className={'className' in column ? column.className : undefined}
            >
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody className={bodyClassName}>{children}</TableBody>
    </Table>
  );
}
