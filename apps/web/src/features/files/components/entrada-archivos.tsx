import { ACEPTAR_ARCHIVOS, LIMITES_ARCHIVOS } from '@delego/contract';
import type { ChangeEvent, Ref } from 'react';

/** What may be attached (the contract's kinds and size per file), as the screens that attach say it. */
export const QUE_SE_ADJUNTA = `Imágenes, PDF, Word, Excel, PowerPoint, TXT y CSV, hasta ${LIMITES_ARCHIVOS.tamanioMbDefecto} MB por archivo.`;

interface Props {
  ref: Ref<HTMLInputElement>;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  testId: string;
}

/**
 * The hidden file input behind «Elegir archivos» and «Agregar archivos»: several files at once, of
 * the kinds the contract accepts (the files screen and the new order's attachments).
 */
export function EntradaArchivos({ ref, onChange, testId }: Props) {
  return (
    <input ref={ref} type="file" multiple accept={ACEPTAR_ARCHIVOS} onChange={onChange} hidden data-testid={testId} />
  );
}
