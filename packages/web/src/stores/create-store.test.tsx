import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { create } from './create-store.ts';

interface Shelf {
  items: Record<string, string>;
  other: number;
}

const useShelf = create<Shelf>()(() => ({ items: { a: 'apple', b: 'bread' }, other: 0 }));

let renders = 0;
/** What each commit of the item showed. */
let committed: string[] = [];

function Item({ id }: { id: string }) {
  renders++;
  const item = useShelf((s) => s.items[id] ?? 'none');
  useLayoutEffect(() => void committed.push(item));
  return <p data-testid="item">{item}</p>;
}

/** A parent whose own state the test sets synchronously, to render the item for another reason. */
let setParentTick: (tick: number) => void = () => undefined;
function Parent({ id }: { id: string }) {
  const [tick, setTick] = useState(0);
  setParentTick = setTick;
  return (
    <div>
      <span data-testid="tick">{tick}</span>
      <Item id={id} />
    </div>
  );
}

afterEach(() => {
  cleanup();
  useShelf.setState({ items: { a: 'apple', b: 'bread' }, other: 0 });
  renders = 0;
  committed = [];
});

describe('stores made with create-store (R-DELIVERY-15)', () => {
  it('keeps the API of the store: getState, setState and subscribe', () => {
    const seen: string[] = [];
    const unsubscribe = useShelf.subscribe((s) => seen.push(s.items.a ?? ''));
    useShelf.setState({ items: { a: 'apricot' } });
    unsubscribe();
    expect(useShelf.getState().items.a).toBe('apricot');
    expect(useShelf.getState().other).toBe(0);
    expect(seen).toEqual(['apricot']);
  });

  it('shows a change of the store once its transition has rendered', () => {
    render(<Parent id="a" />);
    expect(screen.getByTestId('item').textContent).toBe('apple');
    act(() => useShelf.setState({ items: { a: 'apricot' } }));
    expect(screen.getByTestId('item').textContent).toBe('apricot');
  });

  it('keeps a store change out of a synchronous render for another reason', () => {
    render(<Parent id="a" />);
    act(() => {
      useShelf.setState({ items: { a: 'apricot' } });
      // An urgent render of the parent before the store's transition ran: the item renders again
      // with the state it had, so the urgent render does not carry the store's work.
      flushSync(() => setParentTick(1));
      expect(screen.getByTestId('tick').textContent).toBe('1');
      expect(screen.getByTestId('item').textContent).toBe('apple');
    });
    expect(screen.getByTestId('item').textContent).toBe('apricot');
  });

  it('hands on a change that comes while its transition is on its way, so only the newest commits', () => {
    render(<Parent id="a" />);
    act(() => {
      useShelf.setState({ items: { a: 'apricot' } });
      // Back to what the item shows, before the first change rendered: that one must not commit.
      useShelf.setState({ items: { a: 'apple' } });
    });
    expect(committed.filter((item) => item === 'apricot')).toEqual([]);
    expect(screen.getByTestId('item').textContent).toBe('apple');
  });

  it('does not render a component again when its selection did not change', () => {
    render(<Parent id="a" />);
    const before = renders;
    act(() => useShelf.setState({ other: 1 }));
    act(() => useShelf.setState({ items: { a: 'apple', b: 'bun' } }));
    expect(renders).toBe(before);
  });

  it('catches up after the props point the selector somewhere else', () => {
    const { rerender } = render(<Parent id="a" />);
    // The item's selection (a) did not change, so it keeps the older state...
    act(() => useShelf.setState({ items: { a: 'apple', c: 'cheese' } }));
    // ...and a render with new props reads that older state first, then the newest after commit.
    act(() => rerender(<Parent id="c" />));
    expect(screen.getByTestId('item').textContent).toBe('cheese');
  });

  it('reads the newest state at mount, and a change between render and subscription', () => {
    useShelf.setState({ items: { a: 'avocado' } });
    render(<Parent id="a" />);
    expect(screen.getByTestId('item').textContent).toBe('avocado');
    act(() => useShelf.setState({ items: { a: 'almond' } }));
    expect(screen.getByTestId('item').textContent).toBe('almond');
  });
});
