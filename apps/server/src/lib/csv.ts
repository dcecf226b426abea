/** One record of a CSV text: its fields, and the line it starts on. */
export interface RegistroCsv {
  linea: number;
  campos: string[];
}

/**
 * Splits CSV text (RFC 4180) into records with `sep` between fields: a field that starts with `"`
 * (after spaces, which are dropped) runs to its closing quote, `""` inside is one quote, and line
 * breaks inside it belong to the field. `comillasSinCerrar` says the text ended inside a quoted
 * field (its last record is given as read). The one CSV reader of the server: the E5S catalogue
 * and the imports of clients and users.
 */
export function registrosCsv(texto: string, sep: string): { registros: RegistroCsv[]; comillasSinCerrar: boolean } {
  const registros: RegistroCsv[] = [];
  let campos: string[] = [];
  let campo = '';
  let enComillas = false;
  let linea = 1;
  let inicio = 1;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i] as string;
    if (enComillas) {
      if (c === '"') {
        if (texto[i + 1] === '"') {
          campo += '"';
          i++;
        } else {
          enComillas = false;
        }
      } else {
        if (c === '\n') linea++;
        campo += c;
      }
      continue;
    }
    if (c === '"' && campo.trim() === '') {
      enComillas = true;
      campo = '';
    } else if (c === sep) {
      campos.push(campo);
      campo = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      campos.push(campo);
      registros.push({ linea: inicio, campos });
      campos = [];
      campo = '';
      linea++;
      inicio = linea;
    } else {
      campo += c;
    }
  }
  if (campo !== '' || campos.length > 0 || enComillas) {
    campos.push(campo);
    registros.push({ linea: inicio, campos });
  }
  return { registros, comillasSinCerrar: enComillas };
}
