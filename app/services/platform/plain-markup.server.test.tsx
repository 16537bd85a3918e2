import { Fragment, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { plain } from '~/lib/plain-components';
import { plainMarkup } from './plain-markup.server';

/** React's markup for `node` as children of a tbody-like parent, without the parent's tags. */
function byReact(node: ReactNode): string {
  const html = renderToString(<div>{node}</div>);
  return html.slice('<div>'.length, -'</div>'.length);
}

const Cell = plain(function cell({ label, children }: { label: string; children?: ReactNode }) {
  return <td aria-label={label}>{children}</td>;
});

/** Hook-free, but not declared so with `plain(…)`: the writer does not call it. */
function Unmarked() {
  return <td>unmarked</td>;
}

function WithHook() {
  const [count] = useState(1);
  return <span>{count}</span>;
}

describe('plainMarkup', () => {
  it('writes what React writes for plain elements, text, numbers, fragments and the components declared plain', () => {
    const trees: ReactNode[] = [
      <tr key="a" className="row" data-testid="r" data-flag={true} aria-hidden={false}>
        <td>{12.5} KM</td>
        <td>
          {'a'}
          {''}
          {null}
          {'b'}
          {0}
        </td>
        <Cell label={`"quoted" & <tagged> 'apostrophe'`}>x</Cell>
        <td>
          <input type="checkbox" value="v&1" name="id" checked={false} disabled onChange={() => {}} aria-label="Pick" />
          <input type="checkbox" checked readOnly tabIndex={-1} />
          <br />
        </td>
        <td>
          <a href="/x?a=1&b=2" target="_blank" rel="noreferrer">
            <strong>Go</strong>
          </a>
          <label htmlFor="f">Label</label>
        </td>
      </tr>,
      [<Fragment key="1">one{2}</Fragment>, 'three', <em key="4">four</em>, 5, false, undefined],
    ];
    for (const tree of trees) expect(plainMarkup(tree)).toBe(byReact(tree));
  });

  it('answers null for what only React writes right: any component not declared plain, styles, special elements, inner HTML, unknown camelCase names', () => {
    for (const tree of [
      <WithHook key="hook" />,
      <Unmarked key="unmarked" />,
      <td key="style" style={{ color: 'red' }} />,
      <select key="select" defaultValue="a">
        <option value="a">A</option>
      </select>,
      <div key="inner" dangerouslySetInnerHTML={{ __html: '<b>x</b>' }} />,
      <td key="colspan" colSpan={3} />,
      <svg key="svg" viewBox="0 0 1 1" />,
      <a key="download" href="/f" download>
        f
      </a>,
    ]) {
      expect(plainMarkup(tree)).toBeNull();
    }
  });

  it('never calls a component that is not declared plain, so no hook runs outside React', () => {
    let calls = 0;
    function Counted() {
      calls += 1;
      const [value] = useState('x');
      return <span>{value}</span>;
    }
    expect(
      plainMarkup(
        <tr>
          <Counted />
        </tr>,
      ),
    ).toBeNull();
    expect(calls).toBe(0);
  });
});
