import { TARJETAS_DE_PRUEBA, TITULARES_DE_PRUEBA } from '@delego/contract';
import { IonButton, IonIcon } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { CampoTexto } from '../../../components/campos';
import { useFormulario } from '../../../lib/formularios';
import {
  crearTokenDePrueba,
  formatearNumeroTarjeta,
  formatearVencimiento,
  marcaDe,
  NOMBRE_MARCA,
  soloDigitos,
  TARJETA_VACIA,
  TITULAR_MAXIMO,
  validarTarjeta,
  type DatosTarjetaToken,
  type ValoresTarjeta,
} from '../model/tarjeta';
import { EncabezadoTabla } from '../../../components/encabezado-tabla';

interface Props {
  /** The text of the pay button ('Pagar $ 89.900,00'). */
  textoPagar: string;
  /** Called with the test token and the card's display data; nothing else of the card leaves this form. */
  alPagar: (datos: DatosTarjetaToken) => void;
  deshabilitado?: boolean;
}

/**
 * The test-mode card form: it checks the card here (Luhn, expiry, code, cardholder, document)
 * and makes a test token in the browser, as MercadoPago's own form would. The number, expiry,
 * code and document are never sent: only `{token, marca, ultimosCuatro, titular}`.
 */
export function FormularioTarjetaPrueba({ textoPagar, alPagar, deshabilitado = false }: Props) {
  const f = useFormulario({
    inicial: TARJETA_VACIA,
    validar: (valores) => validarTarjeta(valores),
    habilitado: !deshabilitado,
  });
  const numero = soloDigitos(f.valores.numero);
  const marca = numero.length >= 2 ? marcaDe(numero) : null;
  const esAmex = marca === 'amex';
  /** A field typed on the numeric keyboard and kept as `formatear` writes it; never autofilled. */
  const numerico = (campo: Exclude<keyof ValoresTarjeta, 'titular'>, formatear = (v: string) => v) => ({
    ...f.campo(campo),
    onChange: (v: string) => f.cambiar(campo, formatear(v)),
    inputmode: 'numeric' as const,
    autocomplete: 'off' as const,
  });

  return (
    <>
      <form
        {...f.props((tarjeta) => alPagar(crearTokenDePrueba(tarjeta)))}
        className="tarjeta-form"
        aria-label="Datos de la tarjeta"
        data-testid="tarjeta-form"
        autoComplete="off"
      >
        <CampoTexto
          {...numerico('numero', formatearNumeroTarjeta)}
          ubicacion="tarjeta-form__ancho"
          label="Número de la tarjeta"
          placeholder="0000 0000 0000 0000"
          data-testid="tarjeta-numero"
        />
        {marca && marca !== 'otra' && (
          <p className="tarjeta-form__marca tarjeta-form__ancho" data-testid="tarjeta-marca">
            {NOMBRE_MARCA[marca]}
          </p>
        )}
        <CampoTexto
          {...numerico('vencimiento', formatearVencimiento)}
          label="Vencimiento (MM/AA)"
          placeholder="MM/AA"
          data-testid="tarjeta-vencimiento"
        />
        <CampoTexto
          {...numerico('cvv', (v) => v.replace(/\D/g, '').slice(0, 4))}
          label="Código de seguridad"
          helperText={esAmex ? '4 dígitos, al frente de la tarjeta' : '3 dígitos, al dorso de la tarjeta'}
          data-testid="tarjeta-cvv"
        />
        <CampoTexto
          {...f.campo('titular')}
          ubicacion="tarjeta-form__ancho"
          label="Nombre del titular"
          helperText="Como figura en la tarjeta"
          autocomplete="off"
          autocapitalize="characters"
          spellcheck={false}
          max={TITULAR_MAXIMO}
          data-testid="tarjeta-titular"
        />
        <CampoTexto
          {...numerico('documento')}
          ubicacion="tarjeta-form__ancho"
          label="DNI del titular"
          data-testid="tarjeta-documento"
        />
        <p className="tarjeta-form__aviso-privado tarjeta-form__ancho">
          <IonIcon icon={lockClosedOutline} aria-hidden="true" /> Los datos de la tarjeta no se envían a Delego: solo un
          código de un solo uso, la marca, los últimos 4 dígitos y el titular.
        </p>
        <IonButton
          type="submit"
          expand="block"
          className="tarjeta-form__ancho"
          disabled={deshabilitado}
          data-testid="tarjeta-pagar"
        >
          {textoPagar}
        </IonButton>
      </form>
      <AyudaTarjetasPrueba
        alElegir={(t) => {
          f.cambiar('numero', formatearNumeroTarjeta(t.numero));
          f.cambiar('vencimiento', t.vencimiento);
          f.cambiar('cvv', t.cvv);
        }}
        deshabilitado={deshabilitado}
      />
    </>
  );
}

type TarjetaDePrueba = (typeof TARJETAS_DE_PRUEBA)[number];

/** MercadoPago's test cards and the cardholder names that choose the outcome. */
function AyudaTarjetasPrueba({
  alElegir,
  deshabilitado,
}: {
  alElegir: (tarjeta: TarjetaDePrueba) => void;
  deshabilitado: boolean;
}) {
  return (
    <details className="tarjeta-ayuda" data-testid="tarjeta-ayuda" open>
      <summary>Tarjetas de prueba</summary>
      <p>
        Cualquier vencimiento futuro sirve (por ejemplo 11/30) y cualquier DNI de 7 u 8 dígitos. El nombre del titular
        elige el resultado del pago.
      </p>
      <table aria-label="Tarjetas de prueba">
        <EncabezadoTabla columnas={['Tarjeta', 'Número', 'Código', { texto: 'Acción', oculto: true }]} />
        <tbody>
          {TARJETAS_DE_PRUEBA.map((t) => (
            <tr key={t.numero}>
              <td>{t.marca}</td>
              <td>
                <code>{formatearNumeroTarjeta(t.numero)}</code>
              </td>
              <td>
                <code>{t.cvv}</code>
              </td>
              <td>
                <IonButton
                  size="small"
                  fill="clear"
                  disabled={deshabilitado}
                  onClick={() => alElegir(t)}
                  aria-label={`Usar la tarjeta ${t.marca}`}
                >
                  Usar
                </IonButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table aria-label="Titulares de prueba">
        <EncabezadoTabla columnas={['Titular', 'Resultado']} />
        <tbody>
          {Object.entries(TITULARES_DE_PRUEBA).map(([titular, { texto }]) => (
            <tr key={titular}>
              <td>
                <code>{titular}</code>
              </td>
              <td>{texto}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
