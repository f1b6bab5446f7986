import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { BoardResultEntry, type ContractChoice } from './board-result-entry';

const empty: ContractChoice = { passedOut: false, declarer: null, level: null, strain: null, doubled: 0 };

/** The entry with its own state, as a screen holds it, and the values shown for the test to read. */
function Held({ look }: { look: 'touch' | 'compact' }) {
  const [values, setValues] = useState(empty);
  return (
    <>
      <BoardResultEntry
        look={look}
        values={values}
        onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        errors={{ strain: 'Choose the strain' }}
      >
        <p>Tricks here</p>
      </BoardResultEntry>
      <output>{JSON.stringify(values)}</output>
    </>
  );
}
const chosen = () => JSON.parse(screen.getByRole('status').textContent) as ContractChoice;

describe('BoardResultEntry', () => {
  it('asks the phone for a contract with pressed buttons, each seat by its name from the contract', () => {
    renderApp(<Held look="touch" />);
    fireEvent.click(within(screen.getByRole('group', { name: 'Declarer' })).getByRole('button', { name: 'West' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Level' })).getByRole('button', { name: '4' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Strain' })).getByRole('button', { name: 'Hearts' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Doubling' })).getByRole('button', { name: 'Redoubled' }));
    expect(chosen()).toEqual({ passedOut: false, declarer: 'W', level: 4, strain: 'H', doubled: 2 });
    expect(
      within(screen.getByRole('group', { name: 'Declarer' }))
        .getByRole('button', { name: 'West' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(screen.getByRole('group', { name: 'Strain' })).getByText('Choose the strain')).toBeTruthy();
    expect(screen.getByText('Tricks here')).toBeTruthy();

    // Passed out: the declarer stays in sight, greyed; the strain and what follows go.
    fireEvent.click(screen.getByRole('button', { name: 'Passed out' }));
    expect(within(screen.getByRole('group', { name: 'Declarer' })).getByRole<HTMLButtonElement>('button', { name: 'West' }).disabled).toBe(true);
    expect(screen.queryByRole('group', { name: 'Strain' })).toBeNull();
    expect(screen.queryByText('Tricks here')).toBeNull();
  });

  it('asks the dialog for the same contract with a row of segments each, and a Passed out box that hides them', () => {
    renderApp(<Held look="compact" />);
    fireEvent.click(screen.getByRole('radio', { name: 'West' }));
    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('radio', { name: 'hearts' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Redoubled' }));
    expect(chosen()).toEqual({ passedOut: false, declarer: 'W', level: 4, strain: 'H', doubled: 2 });
    expect(screen.getByRole('radiogroup', { name: 'Strain' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Tricks here')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Passed out' }));
    expect(chosen().passedOut).toBe(true);
    expect(screen.queryByRole('radiogroup', { name: 'Declarer' })).toBeNull();
    expect(screen.queryByText('Tricks here')).toBeNull();
  });
});
