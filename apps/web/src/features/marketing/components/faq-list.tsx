import { Text } from '@mantine/core';
import classes from './faq-list.module.css';

export type Faq = { question: string; answer: string };

/** Native <details>: works before JavaScript loads and costs nothing in the bundle. */
export function FaqList({ items }: { items: Faq[] }) {
  return (
    <div className={classes.list}>
      {items.map((item) => (
        <details key={item.question} className={classes.item}>
          <summary className={classes.summary}>{item.question}</summary>
          <Text c="dimmed" className={classes.answer}>
            {item.answer}
          </Text>
        </details>
      ))}
    </div>
  );
}
