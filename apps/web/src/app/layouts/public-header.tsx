import { Burger, Button, Container, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { useStoredUser } from '../../lib/storage';
import { paths } from '../../config/paths';
import classes from './public-header.module.css';

const links = [
  { label: 'About Us', href: paths.aboutUs.getHref() },
  { label: 'Tournaments', href: paths.tournaments.getHref() },
  { label: 'Player App', href: paths.playerApp.getHref() },
  { label: 'Organiser App', href: paths.organiserApp.getHref() },
  { label: 'Contact Us', href: paths.contactUs.getHref() },
];

function AccountActions({ stacked = false }: { stacked?: boolean }) {
  const user = useStoredUser();
  if (user) {
    const dashboard = user.role === 'admin' ? paths.admin.console.getHref() : paths.console.root.getHref();
    return (
      <Button component={Link} to={dashboard} fullWidth={stacked}>
        Go To Dashboard
      </Button>
    );
  }
  return (
    <>
      <Button component={Link} to={paths.login.getHref()} variant="default" fullWidth={stacked}>
        Login
      </Button>
      <Button component={Link} to={paths.register.getHref()} fullWidth={stacked}>
        Sign Up
      </Button>
    </>
  );
}

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A new page closes the menu, as it renders (React's way to reset state on a change, rather than an effect).
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Logo to={paths.landing.getHref()} />

        <nav aria-label="Main" className={classes.desktopNav}>
          {links.map((link) => (
            <NavLink key={link.href} to={link.href} className={classes.link}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <Group gap="sm" wrap="nowrap" className={classes.desktopActions}>
          <AccountActions />
        </Group>

        <Burger
          opened={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          className={classes.burger}
          size="sm"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
        />
      </Container>

      {menuOpen ? (
        <div id="mobile-menu" className={classes.mobileMenu}>
          <nav aria-label="Main">
            <Stack gap={2}>
              {links.map((link) => (
                <NavLink key={link.href} to={link.href} className={classes.mobileLink}>
                  {link.label}
                </NavLink>
              ))}
            </Stack>
          </nav>
          <Stack gap="sm" mt="md">
            <AccountActions stacked />
          </Stack>
        </div>
      ) : null}
    </header>
  );
}
