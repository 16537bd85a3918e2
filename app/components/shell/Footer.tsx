import type { ShellContent } from '~/services/shell.server';

export function Footer({ site }: { site: ShellContent['site'] }) {
  return (
    <footer className="site-footer">
      <p>© {new Date().getFullYear()} {site.name}</p>
    </footer>
  );
}
