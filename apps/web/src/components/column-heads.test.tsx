// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnHeads } from './column-heads';

afterEach(cleanup);

describe('ColumnHeads', () => {
  it('names each column in order, the columns of numbers last with their class', () => {
    render(
      <table>
        <ColumnHeads columns={['Board', 'By']} numbers={['Score', 'Points']} numberClass="num" />
      </table>,
    );
    const heads = screen.getAllByRole('columnheader');
    expect(heads.map((head) => head.textContent)).toEqual(['Board', 'By', 'Score', 'Points']);
    expect(heads.map((head) => head.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col']);
    expect(heads.map((head) => head.getAttribute('class'))).toEqual([null, null, 'num', 'num']);
  });
});
