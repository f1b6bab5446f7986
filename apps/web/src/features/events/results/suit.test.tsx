// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Contract } from './suit';

describe('Contract', () => {
  it("shows a director's adjusted score instead of a contract", () => {
    render(<Contract contract={{ level: 0, strain: null, doubled: 0 }} adjusted={{ ns: 'A+', ew: 'A-' }} />);
    expect(screen.getByText('Adjusted A+ / A-')).toBeTruthy();
  });

  it('shows a board nobody bid as passed out', () => {
    render(<Contract contract={{ level: 0, strain: null, doubled: 0 }} adjusted={null} />);
    expect(screen.getByText('Passed out')).toBeTruthy();
  });
});
