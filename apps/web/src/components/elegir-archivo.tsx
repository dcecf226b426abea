import { useRef, type ReactNode } from 'react';

interface Props {
  /** The file types the browser's picker offers ('.csv,text/csv'). */
  accept: string;
  /** What to do with the chosen file. */
  alElegir: (archivo: File) => void | Promise<void>;
  /** The test id of the hidden input (where a test sets the file). */
  testId: string;
  /** What opens the picker: a button calls `abrir` (the input itself stays out of sight and of the tab order). */
  children: (abrir: () => void) => ReactNode;
}

/**
 * One file from the browser's picker, opened by a button of the screen's own. The input is emptied
 * after each choice, so that choosing the same file again (after fixing it) is noticed.
 */
export function ElegirArchivo({ accept, alElegir, testId, children }: Props) {
  const entrada = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={entrada}
        type="file"
        accept={accept}
        className="delego-visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const archivo = e.target.files?.[0];
          e.target.value = '';
          if (archivo) void alElegir(archivo);
        }}
        data-testid={testId}
      />
      {children(() => entrada.current?.click())}
    </>
  );
}
