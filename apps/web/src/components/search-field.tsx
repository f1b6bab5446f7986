import { SEARCH_MAX_LENGTH } from '@bridge/api';
import { CloseButton, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import './data-styles';

/** Search debounce of the specification (section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

type SearchFieldProps = {
  placeholder: string;
  /** Called with the trimmed text 500 ms after the last key; a blank field resets the list. */
  onSearch: (value: string) => void;
  label?: string;
  defaultValue?: string;
  maw?: number | string;
};

/** A list's search box: at most 200 characters, debounced, a clear button, Enter searches at once. */
export function SearchField({ placeholder, onSearch, label, defaultValue = '', maw = 420 }: SearchFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const last = useRef(defaultValue.trim());
  const callback = useRef(onSearch);
  useEffect(() => {
    callback.current = onSearch;
  });

  const fire = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === last.current) return;
    last.current = trimmed;
    callback.current(trimmed);
  };

  useEffect(() => {
    const timer = setTimeout(() => fire(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <TextInput
      type="search"
      aria-label={label ?? placeholder}
      placeholder={placeholder}
      value={value}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') fire(value);
      }}
      rightSection={
        value ? (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              setValue('');
              fire('');
            }}
          />
        ) : null
      }
      w="100%"
      maw={maw}
    />
  );
}
