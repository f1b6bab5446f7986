import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

type PageHeroProps = {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** A picture beside the text on wide screens, below it on narrow ones. */
  media?: ReactNode;
};

export function PageHero({ eyebrow, title, children, actions, media }: PageHeroProps) {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={media ? `${classes.inner} ${classes.withMedia}` : classes.inner}>
        <div className={classes.text}>
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
        </div>
        {media ? <div className={classes.media}>{media}</div> : null}
      </Container>
    </section>
  );
}
