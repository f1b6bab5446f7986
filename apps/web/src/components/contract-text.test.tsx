// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractText, SuitSymbol } from './contract-text';
import classes from './contract-text.module.css';

/** A node's text without the parts `skip` matches: what the eye sees, or what a screen reader says. */
const textWithout = (node: Node, skip: string): string =>
  node instanceof Element && node.matches(skip)
    ? ''
    : node.nodeType === Node.TEXT_NODE
      ? (node.textContent ?? '')
      : [...node.childNodes].map((child) => textWithout(child, skip)).join('');

afterEach(cleanup);

describe('ContractText', () => {
  it("shows a director's adjusted score instead of a contract", () => {
    render(<ContractText contract={{ level: 0, strain: null, doubled: 0 }} adjusted={{ ns: 'A+', ew: 'A-' }} />);
    expect(screen.getByText('Adjusted A+ / A-')).toBeTruthy();
  });

  it('shows a board nobody bid as passed out', () => {
    render(<ContractText contract={{ level: 0, strain: null, doubled: 0 }} adjusted={null} />);
    expect(screen.getByText('Passed out')).toBeTruthy();
  });

  it.each([
    [{ level: 4, strain: 'S' as const, doubled: 0 }, '4♠', '4 spades '],
    [{ level: 3, strain: 'NT' as const, doubled: 1 }, '3NT×', '3NT doubled'],
    [{ level: 2, strain: 'H' as const, doubled: 2 }, '2♥××', '2 hearts  redoubled'],
  ])('shows %o as %s and reads it out in words', (contract, shown, read) => {
    const { container } = render(<ContractText contract={contract} />);
    expect(textWithout(container, `.${classes.srOnly}`)).toBe(shown);
    expect(textWithout(container, '[aria-hidden="true"]')).toBe(read);
  });
});

describe('SuitSymbol', () => {
  it.each([
    ['H' as const, '♥', 'hearts', classes.red],
    ['D' as const, '♦', 'diamonds', classes.red],
    ['S' as const, '♠', 'spades', classes.black],
    ['C' as const, '♣', 'clubs', classes.black],
  ])('draws %s as %s in its card colour and reads it as %s', (suit, symbol, name, colour) => {
    const { container } = render(<SuitSymbol suit={suit} />);
    const mark = container.firstElementChild!;
    expect(mark.className).toBe(colour);
    expect(mark.querySelector('[aria-hidden="true"]')!.textContent).toBe(symbol);
    expect(mark.textContent).toBe(`${symbol} ${name} `);
  });
});
