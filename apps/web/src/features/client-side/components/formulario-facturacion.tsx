import {
  CONDICIONES_IVA,
  LIMITES_CLIENTE_PUBLICO,
  zDatosFacturacion,
  type DatosFacturacion,
  type DatosFacturacionLeidos,
} from '@delego/contract';
import { CampoCuit, CampoEmail, CampoSeleccion, CampoTexto } from '../../../components/campos';
import { erroresDeProblemas, useFormulario, type Formulario, type Validacion } from '../../../lib/formularios';

type Campo = 'razonSocial' | 'cuit' | 'condicionIva' | 'domicilioFiscal' | 'email';
export type ValoresFacturacion = Record<Campo, string>;
export const CAMPOS_FACTURACION: readonly Campo[] = ['razonSocial', 'cuit', 'condicionIva', 'domicilioFiscal', 'email'];

/** The server names a field of the body as `datosFacturacion.<campo>`: the form's own field. */
export const ALIAS_FACTURACION = Object.fromEntries(
  CAMPOS_FACTURACION.map((c) => [`datosFacturacion.${c}`, c]),
) as Record<string, Campo>;

function validar(v: ValoresFacturacion): Validacion<Campo, DatosFacturacion> {
  const r = zDatosFacturacion.safeParse(v);
  if (!r.success) return { ok: false, errores: erroresDeProblemas(r.error.issues) };
  return { ok: true, datos: r.data };
}

/** The billing form's state: the five fields, checked with the contract's rules (CUIT check digit). */
export function useFormularioFacturacion(inicial: DatosFacturacionLeidos | null | undefined, habilitado: boolean) {
  return useFormulario<ValoresFacturacion, DatosFacturacion>({
    inicial: {
      razonSocial: inicial?.razonSocial ?? '',
      cuit: inicial?.cuit ?? '',
      condicionIva: inicial?.condicionIva ?? '',
      domicilioFiscal: inicial?.domicilioFiscal ?? '',
      email: inicial?.email ?? '',
    },
    validar,
    limites: {
      razonSocial: LIMITES_CLIENTE_PUBLICO.razonSocial,
      domicilioFiscal: LIMITES_CLIENTE_PUBLICO.domicilioFiscal,
      email: LIMITES_CLIENTE_PUBLICO.email,
    },
    habilitado,
  });
}

const OPCIONES_IVA: { valor: string; texto: string }[] = CONDICIONES_IVA.map((c) => ({ valor: c, texto: c }));

/** The five fields (razón social, CUIT, condición frente al IVA, domicilio fiscal, email). */
export function CamposFacturacion({ f }: { f: Formulario<ValoresFacturacion, DatosFacturacion> }) {
  return (
    <div className="facturacion-campos">
      <CampoTexto
        {...f.campo('razonSocial')}
        label="Razón social"
        max={LIMITES_CLIENTE_PUBLICO.razonSocial}
        autocomplete="organization"
        data-testid="facturacion-razon-social"
      />
      <CampoCuit
        {...f.campo('cuit')}
        label="CUIT"
        helperText="11 dígitos, con o sin guiones."
        data-testid="facturacion-cuit"
      />
      <CampoSeleccion
        {...f.campo('condicionIva')}
        label="Condición frente al IVA"
        placeholder="Elija una"
        opciones={OPCIONES_IVA}
        data-testid="facturacion-condicion-iva"
      />
      <CampoTexto
        {...f.campo('domicilioFiscal')}
        label="Domicilio fiscal"
        max={LIMITES_CLIENTE_PUBLICO.domicilioFiscal}
        autocomplete="street-address"
        data-testid="facturacion-domicilio"
      />
      <CampoEmail
        {...f.campo('email')}
        label="Email para recibir las facturas"
        max={LIMITES_CLIENTE_PUBLICO.email}
        data-testid="facturacion-email"
      />
    </div>
  );
}
