import classes from './suit-row.module.css';

/** The four suits as decoration, in their card colours. */
export function SuitRow({ size = 40 }: { size?: number }) {
  return (
    <span className={classes.row} style={{ fontSize: size }} aria-hidden="true">
      <span className={classes.black}>♠</span>
      <span className={classes.red}>♥</span>
      <span className={classes.red}>♦</span>
      <span className={classes.black}>♣</span>
    </span>
  );
}
