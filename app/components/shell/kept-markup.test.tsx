import { describe, expect, it } from 'vitest';
import { allowKeptReads } from '~/db/write-watch.server';
import { keptMarkup } from '~/services/platform/kept-markup.server';
import { loadShell } from '~/services/content/shell.server';
import { renderInRemix } from '../../../tests/helpers/render-in-remix';
import { Footer } from './Footer';
import { Header } from './Header';
import { MarkupKeeperContext, type MarkupKeeper } from './kept-markup';

/** keptMarkup, counting the parts it had to render. */
function countingKeeper(): { keeper: MarkupKeeper; rendered: string[] } {
  const rendered: string[] = [];
  const keeper: MarkupKeeper = (keptBy, part, render) =>
    keptMarkup(keptBy, part, () => {
      rendered.push(part);
      return render();
    });
  return { keeper, rendered };
}

describe('the shell written from kept markup', () => {
  it('is the markup the components write, and renders each CMS part once per content object', async () => {
    const shell = await loadShell();
    const page = (keeper: MarkupKeeper | null) =>
      function Page() {
        return (
          <MarkupKeeperContext.Provider value={keeper}>
            <Header site={shell.site} menus={shell.menus} user={null} />
            <Footer site={shell.site} footer={shell.footer} />
          </MarkupKeeperContext.Provider>
        );
      };
    const written = await renderInRemix(page(null));
    const { keeper, rendered } = countingKeeper();
    expect(await renderInRemix(page(keeper))).toBe(written);
    expect(rendered).toEqual(['main-menu', `about ${shell.site.name}`, 'column 0', 'column 1', 'bottom']);
    expect(await renderInRemix(page(keeper))).toBe(written);
    expect(rendered).toHaveLength(5);
    // The parts that vary per request are still rendered each time: the account area and the form.
    expect(written).toContain('>Login</a>');
    expect(written).toContain('name="email"');
  });

  it('keeps the shell and its parts the same objects while the CMS hands back the same content', async () => {
    const first = await loadShell();
    const second = await loadShell();
    expect(second).toBe(first);
    expect(second.footer).toBe(first.footer);
    expect(second.menus).toBe(first.menus);
  });

  it('writes new markup for a new content object, and the old one is left as it was', async () => {
    const shell = await loadShell();
    const edited = { ...shell.footer, copyright: '© 2027 Paceline' };
    const { keeper } = countingKeeper();
    const bottom = (footer: typeof shell.footer) =>
      function Bottom() {
        return (
          <MarkupKeeperContext.Provider value={keeper}>
            <Footer site={shell.site} footer={footer} />
          </MarkupKeeperContext.Provider>
        );
      };
    expect(await renderInRemix(bottom(edited))).toContain('© 2027 Paceline');
    expect(await renderInRemix(bottom(shell.footer))).toContain(shell.footer.copyright);
    expect(await renderInRemix(bottom(shell.footer))).not.toContain('© 2027 Paceline');
  });

  it('keeps nothing when kept reads are off (READ_CACHES=false): every page renders its parts', async () => {
    const shell = await loadShell();
    const { keeper, rendered } = countingKeeper();
    const footer = () => (
      <MarkupKeeperContext.Provider value={keeper}>
        <Footer site={shell.site} footer={shell.footer} />
      </MarkupKeeperContext.Provider>
    );
    allowKeptReads(false);
    try {
      const first = await renderInRemix(footer);
      expect(await renderInRemix(footer)).toBe(first);
    } finally {
      allowKeptReads(true);
    }
    // Four parts (about, two columns, bottom), rendered by both pages.
    expect(rendered).toHaveLength(8);
  });
});
