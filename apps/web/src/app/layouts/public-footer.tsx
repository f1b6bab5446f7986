import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SpadeMark } from '../../components/logo';
import { site } from '../../lib/site';
import { paths } from '../../config/paths';
import classes from './public-footer.module.css';

const columns = [
  {
    title: 'Apps',
    links: [
      { label: 'Player App', href: paths.playerApp.getHref() },
      { label: 'Organiser App', href: paths.organiserApp.getHref() },
      { label: 'Download', href: paths.download.getHref() },
    ],
  },
  {
    title: 'Platform',
    links: [
      { label: 'About Us', href: paths.aboutUs.getHref() },
      { label: 'Tournaments', href: paths.tournaments.getHref() },
      { label: 'Contact Us', href: paths.contactUs.getHref() },
    ],
  },
  {
    title: 'Account',
    links: [
      { label: 'Login', href: paths.login.getHref() },
      { label: 'Sign Up', href: paths.register.getHref() },
      { label: 'Privacy Policy', href: paths.privacy.getHref() },
    ],
  },
];

export function PublicFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Group gap={10} wrap="nowrap">
              <SpadeMark size={30} />
              <Text fw={800} c="white">
                {site.name}
              </Text>
            </Group>
            <Text size="sm" className={classes.muted} maw={300}>
              Free apps for running and playing contract bridge: at the club, online, or both at the same table.
            </Text>
          </Stack>
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <Text fw={700} c="white" mb="sm" size="sm">
                {column.title}
              </Text>
              <Stack gap={6}>
                {column.links.map((link) => (
                  <Link key={link.href} to={link.href} className={classes.link}>
                    {link.label}
                  </Link>
                ))}
              </Stack>
            </nav>
          ))}
        </SimpleGrid>
        <Text size="xs" className={classes.muted} mt={40}>
          © {new Date().getFullYear()} {site.name}. Made for bridge players, directors and clubs.
        </Text>
      </Container>
    </footer>
  );
}
