import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { useFlowMachine } from './use-flow-machine';

const counter = setup({ types: { context: {} as { count: number }, input: {} as { start: number; rows?: unknown[] } } }).createMachine({
  id: 'counter',
  context: ({ input }) => ({ count: input.start }),
  initial: 'idle',
  states: { idle: { on: { ADD: { actions: assign({ count: ({ context }) => context.count + 1 }) } } } },
});

describe('useFlowMachine on the server', () => {
  it("renders the machine's initial state from its input, kept per machine and plain input", () => {
    const seen: unknown[] = [];
    function Counter({ start, rows }: { start: number; rows?: unknown[] }) {
      const [snapshot] = useFlowMachine(counter, { input: { start, rows } });
      seen.push(snapshot);
      return <p>{`${String(snapshot.value)} ${snapshot.context.count}`}</p>;
    }
    expect(renderToString(<Counter start={3} />)).toBe('<p>idle 3</p>');
    expect(renderToString(<Counter start={3} />)).toBe('<p>idle 3</p>');
    expect(renderToString(<Counter start={4} />)).toBe('<p>idle 4</p>');
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(seen[0]).toEqual(createActor(counter, { input: { start: 3 } }).getSnapshot());
    // Objects in an input are known by identity: the same loader data, the same state.
    const rows = [1, 2];
    renderToString(<Counter start={5} rows={rows} />);
    renderToString(<Counter start={5} rows={rows} />);
    renderToString(<Counter start={5} rows={[1, 2]} />);
    expect(seen[4]).toBe(seen[3]);
    expect(seen[5]).not.toBe(seen[3]);
    expect(seen[5]).toEqual(seen[3]);
    // Values of different kinds that print alike are different inputs.
    renderToString(<Counter start={'5' as unknown as number} />);
    expect(seen[6]).not.toBe(seen[3]);
  });
});
