import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

type PageHeroProps = { eyebrow?: string; title: string; children?: ReactNode; actions?: ReactNode };

export function PageHero({ eyebrow, title, children, actions }: PageHeroProps) {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={classes.inner}>
        {eyebrow ? (
          <Text className={classes.eyebrow} size="sm" fw={700} tt="uppercase">
            {eyebrow}
          </Text>
        ) : null}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {children ? <div className={classes.lead}>{children}</div> : null}
        {actions ? <div className={classes.actions}>{actions}</div> : null}
      </Container>
    </section>
  );
}
