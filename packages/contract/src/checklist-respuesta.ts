import type { TipoItemChecklist } from './checklists.js';

/**
 * An item's answer as one line of text (issue 31): what the printed report and the public summary
 * show. `respuesta` is the stored answer (contract `RespuestaItem`, with or without `por`/`en`).
 */
export interface RespuestaParaTexto {
  marcado?: boolean | null;
  resultado?: string | null;
  numero?: number | null;
  texto?: string | null;
  fotos?: readonly unknown[] | null;
  firmante?: string | null;
}

const RESULTADO: Record<string, string> = { pasa: 'Pasa', falla: 'Falla', na: 'No aplica' };
const numeroEs = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 4 });

/** «Pasa», «12,5 bar», «3 fotos», «Firmado por Rosa»…; null while unanswered. */
export function textoRespuestaItem(
  tipo: TipoItemChecklist | string,
  respuesta: RespuestaParaTexto | null | undefined,
  unidad?: string | null,
): string | null {
  if (!respuesta) return null;
  switch (tipo) {
    case 'tick':
      return respuesta.marcado ? 'Hecho' : 'Sin marcar';
    case 'pasa_falla':
      return respuesta.resultado ? (RESULTADO[respuesta.resultado] ?? respuesta.resultado) : null;
    case 'numero':
      return respuesta.numero == null ? null : `${numeroEs.format(respuesta.numero)}${unidad ? ` ${unidad}` : ''}`;
    case 'texto':
      return respuesta.texto ?? null;
    case 'foto': {
      const n = respuesta.fotos?.length ?? 0;
      return n === 1 ? '1 foto' : `${n} fotos`;
    }
    case 'firma':
      return respuesta.firmante ? `Firmado por ${respuesta.firmante}` : 'Firmado';
    default:
      return null;
  }
}
