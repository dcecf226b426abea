import { useRef, type Ref } from 'react';
import { useAviso } from './avisos';
import './campo-enlace.css';

/**
 * Copying a link shown in a `CampoEnlace`: to the clipboard, or, where the browser refuses, the
 * field's text selected so that the person copies it by hand. `campo` goes to the field.
 */
export function useCopiarEnlace(copiado = 'Enlace copiado.') {
  const avisar = useAviso();
  const campo = useRef<HTMLInputElement>(null);
  async function copiar(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      avisar(copiado);
    } catch {
      campo.current?.select();
      avisar('Seleccionamos el enlace: cópielo con Ctrl+C (o mantenga presionado en el teléfono).', 'info');
    }
  }
  return { campo, copiar };
}

interface CampoEnlaceProps {
  /** For the `<label htmlFor>` that names the link. */
  id: string;
  url: string;
  /** 'delego-campo-enlace' draws the usual field; a screen may add or use its own class. */
  className: string;
  testId: string;
  campo?: Ref<HTMLInputElement>;
}

/** A link to copy or share: read-only, its whole text selected when it gets the focus. */
export function CampoEnlace({ id, url, className, testId, campo }: CampoEnlaceProps) {
  return (
    <input
      id={id}
      ref={campo}
      className={className}
      readOnly
      value={url}
      onFocus={(e) => e.currentTarget.select()}
      data-testid={testId}
    />
  );
}
