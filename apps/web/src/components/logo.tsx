import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { site } from '../lib/site';
import classes from './logo.module.css';

type LogoProps = {
  to: string;
  size?: 'sm' | 'md';
  /** Show only the mark on phones, where the header has little room. */
  compactOnPhone?: boolean;
};

export function SpadeMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-felt-8)" />
      <path
        fill="#fff"
        d="M32 10c-6 9-19 16-19 26 0 6 5 10 10 10 3 0 5-1 7-3-1 4-3 8-6 11h16c-3-3-5-7-6-11 2 2 4 3 7 3 5 0 10-4 10-10 0-10-13-17-19-26z"
      />
    </svg>
  );
}

export function Logo({ to, size = 'md', compactOnPhone = false }: LogoProps) {
  return (
    <Link to={to} className={classes.logo} aria-label={`${site.name} home`}>
      <Group gap={10} wrap="nowrap">
        <SpadeMark size={size === 'md' ? 34 : 28} />
        <Text
          component="span"
          fw={800}
          fz={size === 'md' ? 'lg' : 'md'}
          c="var(--mantine-color-text)"
          lh={1}
          className={compactOnPhone ? classes.compactText : undefined}
        >
          {site.name}
        </Text>
      </Group>
    </Link>
  );
}
