import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import type { SessionWatchState } from '~/components/auth/use-session-watch';
import type { ShellUser } from '~/services/accounts/auth.server';
import type { MenuItem, ShellContent } from '~/services/content/shell.server';
import { KeptMarkup } from './kept-markup';
import { MenuLink, MenuList } from './MenuLink';
import { SiteLink } from '~/components/ui/SiteLink';
import { buttonClass } from '~/components/ui/Button';
import { LogoutForm } from '~/components/auth/LogoutForm';

/**
 * The site header: logo (falling back to the site name), the CMS's main menu with
 * dropdowns, and the account area. Dropdowns are <details>, so they open without
 * JavaScript; with it, one opens at a time and they close on navigation or outside clicks.
 */
export function Header({
  site,
  menus,
  user,
  session = 'off',
}: {
  site: ShellContent['site'];
  menus: ShellContent['menus'];
  user: ShellUser | null;
  /** The session machine's state: the account menu is busy while a check runs. */
  session?: SessionWatchState;
}) {
  const [logoFailed, setLogoFailed] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  useCloseMenus(headerRef);
  return (
    <header className="site-header" ref={headerRef}>
      <SiteLink to="/" className="brand" aria-label={site.name}>
        {site.logo && !logoFailed ? (
          <img src={site.logo} alt={site.name} height={32} onError={() => setLogoFailed(true)} />
        ) : (
          <span className="brand-name">{site.name}</span>
        )}
      </SiteLink>
      <KeptMarkup as="nav" aria-label="Main" className="main-nav" keptBy={menus} part="main-menu" render={() => <MainMenu items={menus['main-menu']} />} />
      <div className="account-nav">
        {/* A SiteLink with the button's class, not a ButtonLink: the shell's links are written without Link's hooks on the server (decision 151). */}
        {user ? (
          <UserMenu user={user} session={session} />
        ) : (
          <SiteLink to="/auth/login" className={buttonClass('primary')}>
            Login
          </SiteLink>
        )}
      </div>
    </header>
  );
}

function MainMenu({ items }: { items: MenuItem[] }) {
  return (
    <ul className="main-nav-list">
      {items.map((item) => (
        <li key={item.id}>{item.children.length ? <MenuDropdown item={item} /> : <MenuLink item={item} className="main-nav-link" />}</li>
      ))}
    </ul>
  );
}

function MenuDropdown({ item }: { item: MenuItem }) {
  return (
    <details className="menu" data-menu>
      <summary className="main-nav-link">{item.title}</summary>
      <MenuList items={item.children} />
    </details>
  );
}

function useCloseMenus(headerRef: React.RefObject<HTMLElement>) {
  const location = useLocation();
  useEffect(() => {
    headerRef.current?.querySelectorAll('details[open]').forEach((open) => open.removeAttribute('open'));
  }, [location, headerRef]);
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const closeOthers = (event: Event) => {
      const target = event.target as Node;
      header.querySelectorAll('details[open]').forEach((open) => {
        if (!open.contains(target)) open.removeAttribute('open');
      });
    };
    document.addEventListener('click', closeOthers);
    return () => document.removeEventListener('click', closeOthers);
  }, [headerRef]);
}

function UserMenu({ user, session }: { user: ShellUser; session: SessionWatchState }) {
  return (
    <details className="user-menu" data-menu data-session-state={session} aria-busy={session === 'checking' || session === 'signingOut'}>
      <summary aria-label="Account menu">{user.firstname.charAt(0).toUpperCase()}</summary>
      <ul>
        <li>
          <SiteLink to="/user/profile">View Profile</SiteLink>
        </li>
        <li>
          <SiteLink to="/user/activities#activities">Activities</SiteLink>
        </li>
        {user.isKid ? null : (
          <li>
            <SiteLink to="/wallet">Wallet</SiteLink>
          </li>
        )}
        <li>
          <SiteLink to="/my-teams">My Teams</SiteLink>
        </li>
        <li>
          <LogoutForm label="Log Out" variant="link" />
        </li>
      </ul>
    </details>
  );
}
