import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './file-pick-button.module.css';

export interface FilePickButtonProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'children'> {
  /** The input's id: the visible button is a label for it, as may be the field's own label. */
  id: string;
  /** The Russian words on the button. */
  children: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A file input whose button speaks Russian on any phone. The browser's own button and its 'no file
 * chosen' follow the browser's language, so the native input is only visually hidden — it stays
 * labelled and focusable (Tab reaches it, Enter/Space open the picker, tests set files on it) — and
 * the label right after it is what is seen and pressed. The caller shows what was chosen.
 */
export function FilePickButton({ id, children, ref, ...input }: FilePickButtonProps) {
  return (
    <>
      <input {...input} ref={ref} id={id} type="file" className={`visually-hidden ${styles.input}`} />
      <label htmlFor={id} className={styles.pick}>
        {children}
      </label>
    </>
  );
}
