import type { ReactNode } from 'react';
import classes from './table-scroll.module.css';

/** A table that scrolls sideways inside its own box on narrow screens; focusable so keyboards can scroll it. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
