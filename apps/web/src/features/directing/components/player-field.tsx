import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { errorMessage } from '../../../lib/api-client';
import { playerSearchQueryOptions } from '../api/entries';
import type { PlayerDraft } from '../entries';

/** The search waits this long after the last key (the list searches' pace). */
export const PLAYER_SEARCH_DEBOUNCE_MS = 300;

type PlayerFieldProps = {
  label: string;
  value: PlayerDraft;
  onChange: (player: PlayerDraft) => void;
  error?: string;
  id: string;
};

/**
 * One player of a pair: typing searches the registered players the director may find by name or BFI number (those
 * of their earlier events, and those who chose to be found) and offers them; a name left as typed is a guest's,
 * shown by name on the results.
 */
export function PlayerField({ label, value, onChange, error, id }: PlayerFieldProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const text = value.name;
  // Only what the director types is searched: the names already entered are not.
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), PLAYER_SEARCH_DEBOUNCE_MS);
  const searching = !value.userId && debounced.length >= 2 && typed === text;
  const search = useQuery({ ...playerSearchQueryOptions(debounced), enabled: searching });
  const found = searching ? (search.data ?? []) : [];

  const kind = value.userId ? 'Registered player' : text.trim() ? 'Guest: shown by name on the results' : undefined;

  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(userId) => {
        const player = found.find((p) => p.userId === userId);
        if (player) onChange({ userId: player.userId, name: player.name });
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          id={id}
          label={label}
          description={kind}
          placeholder="Name or BFI number; or a guest's name"
          value={text}
          error={error}
          autoComplete="off"
          maxLength={120}
          onChange={(event) => {
            // Any edit makes the name a guest's again until a registered player is chosen.
            setTyped(event.currentTarget.value);
            onChange({ userId: null, name: event.currentTarget.value });
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          rightSection={
            search.isFetching && searching ? (
              <Loader size={16} aria-label="Searching" />
            ) : text ? (
              <CloseButton
                size="sm"
                aria-label={`Clear ${label}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  setTyped('');
                  onChange({ userId: null, name: '' });
                }}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching || (!found.length && !search.isError && !search.isSuccess)}>
        <Combobox.Options aria-label={`Registered players for ${label}`}>
          {search.isError ? (
            <Combobox.Empty>{errorMessage(search.error)}</Combobox.Empty>
          ) : found.length === 0 ? (
            <Combobox.Empty>No registered player matches: the name is kept as a guest's.</Combobox.Empty>
          ) : (
            found.map((player) => (
              <Combobox.Option value={player.userId} key={player.userId}>
                <Text size="sm" fw={600}>
                  {player.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {player.bfiId ? `BFI ${player.bfiId}` : 'Registered player'}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
