// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnHeads } from './column-heads';

afterEach(cleanup);

describe('ColumnHeads', () => {
  it('names each column in order, with the class a column is given', () => {
    render(
      <table>
        <ColumnHeads columns={['Board', { label: 'Score', className: 'num' }]} />
      </table>,
    );
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((head) => head.textContent)).toEqual(['Board', 'Score']);
    expect(heads.map((head) => head.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(heads.map((head) => head.getAttribute('class'))).toEqual([null, 'num']);
  });
});
