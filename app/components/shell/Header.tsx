import { Form, Link } from '@remix-run/react';
import { useState } from 'react';
import type { ShellUser } from '~/services/auth.server';
import type { ShellContent } from '~/services/shell.server';

export function Header({ site, menus, user }: { site: ShellContent['site']; menus: ShellContent['menus']; user: ShellUser | null }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={site.name}>
        {site.logo && !logoFailed ? (
          <img src={site.logo} alt={site.name} height={32} onError={() => setLogoFailed(true)} />
        ) : (
          <span className="brand-name">{site.name}</span>
        )}
      </Link>
      <nav aria-label="Main" className="main-nav">
        {menus['main-menu'].map((item) => (
          <Link key={item.id} to={item.url} target={item.target}>
            {item.title}
          </Link>
        ))}
      </nav>
      <div className="account-nav">
        {user ? <UserMenu user={user} /> : <Link to="/auth/login" className="button">Login</Link>}
      </div>
    </header>
  );
}

function UserMenu({ user }: { user: ShellUser }) {
  return (
    <details className="user-menu">
      <summary aria-label="Account menu">{user.firstname.charAt(0).toUpperCase()}</summary>
      <ul>
        <li><Link to="/user/profile">View Profile</Link></li>
        <li><Link to="/user/activities#activities">Activities</Link></li>
        {user.isKid ? null : <li><Link to="/wallet">Wallet</Link></li>}
        <li><Link to="/my-teams">My Teams</Link></li>
        <li>
          <Form method="post" action="/auth/logout">
            <button type="submit" className="link-button">Log Out</button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
