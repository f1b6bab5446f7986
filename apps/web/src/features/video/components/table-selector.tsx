import { Combobox, InputBase, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { TableOption } from '../call/tables';

/** The list stays open this long after the field loses focus (specification section 4), so a tap still lands. */
export const HIDE_AFTER_BLUR_MS = 300;

interface TableSelectorProps {
  label: string;
  options: TableOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string;
}

/** A searchable list of the event's tables (or players): type to narrow it, pick one. */
export function TableSelector({ label, options, value, onChange, error }: TableSelectorProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const selected = options.find((option) => option.value === value);
  const [search, setSearch] = useState(selected?.label ?? '');
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A choice made for the user (their own table, once known) shows in the field.
  const selectedLabel = selected?.label;
  const [shownLabel, setShownLabel] = useState(selectedLabel);
  if (shownLabel !== selectedLabel) {
    setShownLabel(selectedLabel);
    if (selectedLabel) setSearch(selectedLabel);
  }
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const query = search.trim().toLowerCase();
  const filtered = selected && search === selected.label ? options : options.filter((option) => option.label.toLowerCase().includes(query));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(next) => {
        const option = options.find((o) => o.value === next);
        if (!option) return;
        onChange(option.value);
        setSearch(option.label);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          placeholder="Search or choose"
          value={search}
          error={error}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onChange={(event) => {
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
            setSearch(event.currentTarget.value);
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => {
            if (hideTimer.current) clearTimeout(hideTimer.current);
            combobox.openDropdown();
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => {
              combobox.closeDropdown();
              setSearch(selected?.label ?? '');
            }, HIDE_AFTER_BLUR_MS);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {filtered.length > 0 ? (
            filtered.map((option) => (
              <Combobox.Option value={option.value} key={option.value} active={option.value === value}>
                {option.label}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>Nothing found</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
