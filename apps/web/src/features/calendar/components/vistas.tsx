import { hoyEn, textoDeDia, type Dia } from '@delego/contract';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { nombrePersona } from '../../orders';
import { DIAS_SEMANA, diaDeSemana, type DelDia, type FilaDeCarga } from '../model/grilla';
import { ChipOrden, ChipProgramada, TIPO_ARRASTRE, type AccionesDeOrden } from './chips';

export interface PropsVista {
  zona: string;
  acciones: AccionesDeOrden;
  /** Where a dragged order was dropped: its id and the day. */
  soltar: (ordenId: number, dia: Dia) => void;
}

const VACIO: DelDia = { ordenes: [], programadas: [] };
const cuenta = (d: DelDia) => d.ordenes.length + d.programadas.length;

/** A cell that takes a dragged order (only the calendar's own drag, never a file or text). */
function CeldaDestino({
  dia,
  soltar,
  className,
  children,
  testId,
  celda,
}: {
  dia: Dia;
  soltar: PropsVista['soltar'];
  className: string;
  children: ReactNode;
  testId?: string;
  /** In the month's grid the drop target is the day's cell, named by this text; its chips are inside it. */
  celda?: string;
}) {
  const [encima, setEncima] = useState(false);
  const acepta = (e: DragEvent) => e.dataTransfer.types.includes(TIPO_ARRASTRE);
  return (
    <div
      className={`${className}${encima ? ' calendario-destino--encima' : ''}`}
      role={celda === undefined ? undefined : 'gridcell'}
      aria-label={celda}
      data-testid={testId}
      data-dia={dia}
      onDragOver={(e) => {
        if (!acepta(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setEncima(true);
      }}
      onDragLeave={() => setEncima(false)}
      onDrop={(e) => {
        setEncima(false);
        if (!acepta(e)) return;
        e.preventDefault();
        const id = Number(e.dataTransfer.getData(TIPO_ARRASTRE));
        if (id > 0) soltar(id, dia);
      }}
    >
      {children}
    </div>
  );
}

function Contenido({ delDia, zona, acciones }: { delDia: DelDia; zona: string; acciones: AccionesDeOrden }) {
  return (
    <>
      {delDia.ordenes.map((o) => (
        <ChipOrden key={`o${o.id}`} orden={o} acciones={acciones} zona={zona} />
      ))}
      {delDia.programadas.map((p) => (
        <ChipProgramada key={`p${p.planId}-${p.fecha}`} programada={p} />
      ))}
    </>
  );
}

/** The month: weeks from Monday, each day with its count and its items; days of other months dimmed. */
export function VistaMes({
  semanas,
  mes,
  dias,
  ...p
}: PropsVista & { semanas: Dia[][]; mes: string; dias: Map<Dia, DelDia> }) {
  const hoy = hoyEn(p.zona);
  return (
    <div className="calendario-mes" role="grid" aria-label="Mes" data-testid="calendario-mes">
      <div className="calendario-mes__cabecera" role="row">
        {DIAS_SEMANA.map((d) => (
          <div key={d} role="columnheader" className="calendario-mes__dia-semana">
            {d}
          </div>
        ))}
      </div>
      {semanas.map((semana) => (
        <div key={semana[0]} className="calendario-mes__semana" role="row">
          {semana.map((dia) => {
            const delDia = dias.get(dia) ?? VACIO;
            const n = cuenta(delDia);
            const clases = [
              'calendario-mes__celda',
              dia.slice(0, 7) === mes ? '' : 'calendario-mes__celda--otro-mes',
              dia === hoy ? 'calendario-mes__celda--hoy' : '',
            ];
            return (
              <CeldaDestino
                key={dia}
                dia={dia}
                soltar={p.soltar}
                className={clases.join(' ')}
                testId={`calendario-dia-${dia}`}
                celda={`${textoDeDia(dia)}: ${n}`}
              >
                <div className="calendario-mes__numero" aria-hidden="true">
                  <span>{Number(dia.slice(8))}</span>
                  {n > 0 && <span className="calendario-cuenta">{n}</span>}
                </div>
                <Contenido delDia={delDia} zona={p.zona} acciones={p.acciones} />
              </CeldaDestino>
            );
          })}
        </div>
      ))}
    </div>
  );
}

const nombreFila = (f: FilaDeCarga) => (f.persona ? nombrePersona(f.persona) : 'Sin responsable');

/** The week's workload: one row per responsable, one column per day, the counts in sight. */
export function VistaSemana({
  semana,
  filas,
  dias,
  ...p
}: PropsVista & { semana: Dia[]; filas: FilaDeCarga[]; dias: Map<Dia, DelDia> }) {
  const hoy = hoyEn(p.zona);
  return (
    <div className="calendario-semana" data-testid="calendario-semana">
      <table className="calendario-semana__tabla">
        <thead>
          <tr>
            <th scope="col">Responsable</th>
            {semana.map((dia, i) => (
              <th key={dia} scope="col" className={dia === hoy ? 'calendario-semana__hoy' : undefined}>
                {DIAS_SEMANA[i]} {Number(dia.slice(8))}
                <span className="calendario-cuenta" data-testid={`calendario-total-${dia}`}>
                  {cuenta(dias.get(dia) ?? VACIO)}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {filas.map((f) => (
            <tr key={f.persona?.id ?? 0} data-testid={`calendario-fila-${f.persona?.id ?? 0}`}>
              <th scope="row">
                {nombreFila(f)} <span className="calendario-cuenta">{f.total}</span>
              </th>
              {semana.map((dia) => {
                const delDia = f.dias.get(dia) ?? VACIO;
                return (
                  <td key={dia}>
                    <CeldaDestino dia={dia} soltar={p.soltar} className="calendario-semana__celda">
                      {cuenta(delDia) > 0 && <span className="calendario-cuenta">{cuenta(delDia)}</span>}
                      <Contenido delDia={delDia} zona={p.zona} acciones={p.acciones} />
                    </CeldaDestino>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The phone's agenda: the days that have something, in order, each with its items. Showing the
 * current month, it opens at today (or the next day with something): the days already past stay
 * above, a scroll away. Once per month shown, so a live refresh does not move the list under a
 * finger.
 */
export function Agenda({ dias, zona, acciones }: { dias: Map<Dia, DelDia>; zona: string; acciones: AccionesDeOrden }) {
  const hoy = hoyEn(zona);
  const ordenados = [...dias.entries()].sort(([a], [b]) => a.localeCompare(b));
  const desde = ordenados.find(([dia]) => dia >= hoy)?.[0];
  // Only when the agenda has past days above it; never for another month.
  const destino = desde && desde !== ordenados[0]?.[0] && desde.slice(0, 7) === hoy.slice(0, 7) ? desde : undefined;
  const refDestino = useRef<HTMLLIElement>(null);
  const mesDesplazado = useRef<string | null>(null);
  useEffect(() => {
    if (!destino || mesDesplazado.current === destino.slice(0, 7)) return;
    mesDesplazado.current = destino.slice(0, 7);
    refDestino.current?.scrollIntoView?.({ block: 'start' });
  }, [destino]);
  return (
    <ol className="calendario-agenda" data-testid="calendario-agenda">
      {ordenados.map(([dia, delDia]) => (
        <li
          key={dia}
          ref={dia === destino ? refDestino : undefined}
          className="calendario-agenda__dia"
          data-testid={`calendario-agenda-${dia}`}
        >
          <h2 className="calendario-agenda__titulo">
            {dia === hoy ? 'Hoy, ' : ''}
            {DIAS_SEMANA[diaDeSemana(dia)]} {textoDeDia(dia)}
            <span className="calendario-cuenta">{cuenta(delDia)}</span>
          </h2>
          <Contenido delDia={delDia} zona={zona} acciones={acciones} />
        </li>
      ))}
    </ol>
  );
}
