import { messages } from '@bridge/api';
import { Button, Chip, Group, Text, TextInput } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CursorPaging } from './cursor-pager';
import { SearchField } from './search-field';
import './data-styles';

// The controls above the console's lists (events, users, audits, downloads, participants), alike on every list.

/** Refresh: spins while the list loads again, not on its first load (the table shows that). */
export function RefreshButton({ query, onClick }: { query: { isFetching: boolean; isPending: boolean }; onClick: () => void }) {
  return (
    <Button variant="default" loading={query.isFetching && !query.isPending} onClick={onClick}>
      Refresh
    </Button>
  );
}

type ListToolbarProps = {
  paging: CursorPaging;
  searchPlaceholder: string;
  /** Called with the search text; the list goes back to its first page. */
  onSearch: (value: string) => void;
  /** The list's query, and the key Refresh loads it again by, from the first page. */
  query: { isFetching: boolean; isPending: boolean };
  refreshKey: QueryKey;
  /** After Refresh: the list's export. */
  children?: ReactNode;
};

/** A cursor-paged list's search at the start, Refresh and its export at the end; left out of printouts. */
export function ListToolbar({ paging, searchPlaceholder, onSearch, query, refreshKey, children }: ListToolbarProps) {
  const queryClient = useQueryClient();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-print-hide>
      <SearchField
        placeholder={searchPlaceholder}
        onSearch={(value) => {
          onSearch(value);
          paging.reset();
        }}
      />
      <Group gap="xs">
        <RefreshButton
          query={query}
          onClick={() => {
            paging.reset();
            void queryClient.invalidateQueries({ queryKey: refreshKey });
          }}
        />
        {children}
      </Group>
    </Group>
  );
}

type DateRangeFieldsProps = {
  /** `yyyy-mm-dd`, or empty while unset. */
  startDate: string;
  endDate: string;
  onStartDateChange: (value: string) => void;
  onEndDateChange: (value: string) => void;
};

/** From and To date fields; neither lets the range run backwards. */
export function DateRangeFields({ startDate, endDate, onStartDateChange, onEndDateChange }: DateRangeFieldsProps) {
  const dateField = (label: string, value: string, onChange: (value: string) => void, bounds: { min?: string; max?: string }) => (
    <TextInput type="date" label={label} value={value} {...bounds} onChange={(event) => onChange(event.currentTarget.value)} w={160} />
  );
  return (
    <>
      {dateField('From', startDate, onStartDateChange, { max: endDate || undefined })}
      {dateField('To', endDate, onEndDateChange, { min: startDate || undefined })}
    </>
  );
}

/** Asks for the other end while a range has only one: the list leaves a half range out. */
export function HalfRangeAlert({ startDate, endDate }: { startDate: string; endDate: string }) {
  if (!startDate === !endDate) return null;
  return (
    <Text size="sm" c="red.8" role="alert">
      {messages.setBothDates}
    </Text>
  );
}

type FilterChipsProps<Value extends string> = {
  chips: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
};

/** One filter of a few, as a group of chips named Filters. */
export function FilterChips<Value extends string>({ chips, value, onChange }: FilterChipsProps<Value>) {
  return (
    <Chip.Group multiple={false} value={value} onChange={onChange}>
      <Group gap="xs" role="group" aria-label="Filters">
        {chips.map((item) => (
          <Chip key={item.value} value={item.value} size="sm" variant="outline">
            {item.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
