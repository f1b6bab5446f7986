import type { FormErrors } from '@mantine/form';

type FocusableForm = { getInputNode: (path: never) => HTMLElement | null };

/** A failed submit moves focus to the first field with an error, so keyboard and screen reader users land on it. */
export const focusFirstError =
  (form: FocusableForm) =>
  (errors: FormErrors): void => {
    const first = Object.keys(errors)[0];
    if (first) form.getInputNode(first as never)?.focus();
  };
