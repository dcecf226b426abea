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

/** The contract's length limit of each free-text field (the CUIT has its own pattern). */
const LIMITES_FACTURACION: Partial<Record<Campo, number>> = {
  razonSocial: LIMITES_CLIENTE_PUBLICO.razonSocial,
  domicilioFiscal: LIMITES_CLIENTE_PUBLICO.domicilioFiscal,
  email: LIMITES_CLIENTE_PUBLICO.email,
};

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
    limites: LIMITES_FACTURACION,
    habilitado,
  });
}

const OPCIONES_IVA: { valor: string; texto: string }[] = CONDICIONES_IVA.map((c) => ({ valor: c, texto: c }));

/** The five fields (razón social, CUIT, condición frente al IVA, domicilio fiscal, email). */
export function CamposFacturacion({ f }: { f: Formulario<ValoresFacturacion, DatosFacturacion> }) {
  const texto = (campo: Exclude<Campo, 'condicionIva'>, etiqueta: string, testId: string) =>
    f.texto(campo, etiqueta, `facturacion-${testId}`);
  return (
    <div className="facturacion-campos">
      <CampoTexto {...texto('razonSocial', 'Razón social', 'razon-social')} autocomplete="organization" />
      <CampoCuit {...texto('cuit', 'CUIT', 'cuit')} helperText="11 dígitos, con o sin guiones." />
      <CampoSeleccion
        {...f.campo('condicionIva')}
        label="Condición frente al IVA"
        placeholder="Elija una"
        opciones={OPCIONES_IVA}
        data-testid="facturacion-condicion-iva"
      />
      <CampoTexto {...texto('domicilioFiscal', 'Domicilio fiscal', 'domicilio')} autocomplete="street-address" />
      <CampoEmail {...texto('email', 'Email para recibir las facturas', 'email')} />
    </div>
  );
}
