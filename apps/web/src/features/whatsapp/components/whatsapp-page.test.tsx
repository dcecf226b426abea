import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin } from '../../../test/factories';
import { renderConApp } from '../../../test/render';
import { errorDelServidor, simularServidor, type Respuesta } from '../../../test/servidor';
import { makePlantillas } from '../test-utils';
import WhatsappPage from './whatsapp-page';

// Ionic's components make the first renders slow on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const PLANTILLAS = '/api/v4/whatsapp/plantillas';

function abrir(respuesta: Respuesta) {
  const llamadas = simularServidor({ [`GET ${PLANTILLAS}`]: respuesta });
  renderConApp(<WhatsappPage />, { usuario: makeAdmin(), ruta: '/whatsapp' });
  return llamadas;
}

describe('the «WhatsApp» screen (issue 35)', () => {
  it('lists the six templates: kind, name, who receives it, language, and the text with its parameters named', async () => {
    abrir(makePlantillas());
    const lista = await screen.findByTestId('whatsapp-plantillas');
    const items = within(lista).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Orden creada',
      'Cambió de estado',
      'Asignada a usted',
      'Encuesta',
      'SLA por vencer',
      'Solicitud recibida',
    ]);
    const creada = screen.getByTestId('plantilla-ORDEN_CREADA');
    expect(within(creada).getByTestId('plantilla-nombre')).toHaveTextContent('delego_orden_creada');
    expect(within(creada).getByTestId('plantilla-destinatarios')).toHaveTextContent('Clientes');
    expect(creada).toHaveTextContent('Español de Argentina (es_AR)');
    expect(within(creada).getByTestId('plantilla-texto')).toHaveTextContent(
      'Hola Nombre del cliente, registramos su orden #Número de orden: Título. Puede seguirla aquí: Enlace público',
    );
    const parametros = creada.querySelectorAll('.whatsapp-plantilla__parametro');
    expect([...parametros].map((p) => p.getAttribute('title'))).toEqual([
      'Parámetro {{1}}',
      'Parámetro {{2}}',
      'Parámetro {{3}}',
      'Parámetro {{4}}',
    ]);
    const estado = screen.getByTestId('plantilla-ORDEN_ESTADO');
    expect(within(estado).getByTestId('plantilla-destinatarios')).toHaveTextContent('Usuarios y clientes');
    const asignada = screen.getByTestId('plantilla-ORDEN_ASIGNADA');
    expect(within(asignada).getByTestId('plantilla-destinatarios')).toHaveTextContent('Usuarios de la empresa');
    expect(within(screen.getByTestId('plantilla-ENCUESTA')).getByTestId('plantilla-destinatarios')).toHaveTextContent(
      'Clientes',
    );
  });

  it('says the test mode and what it means', async () => {
    abrir(makePlantillas({ modo: 'prueba' }));
    const modo = await screen.findByTestId('whatsapp-modo');
    expect(modo).toHaveTextContent('Modo de prueba');
    expect(modo).toHaveTextContent('Modo de prueba: los mensajes se guardan en el servidor, no se envían.');
  });

  it('says the real mode: the official API, only to who accepted, «BAJA» stops them', async () => {
    abrir(makePlantillas({ modo: 'real' }));
    const modo = await screen.findByTestId('whatsapp-modo');
    expect(modo).toHaveTextContent('Envío real');
    expect(modo).toHaveTextContent(
      'Solo se envían a quien aceptó recibirlos; quien responde «BAJA» deja de recibirlos.',
    );
    expect(modo).not.toHaveTextContent('Modo de prueba');
  });

  it('shows a template’s text as text: markup and an unknown parameter appear as written', async () => {
    const base = makePlantillas();
    abrir({
      ...base,
      plantillas: [{ ...base.plantillas[0]!, texto: '<b>Hola</b> {{1}} <img src=x onerror="window.__xss=1"> {{9}}' }],
    });
    const texto = await screen.findByTestId('plantilla-texto');
    expect(texto).toHaveTextContent('<b>Hola</b> Nombre del cliente <img src=x onerror="window.__xss=1"> {{9}}');
    expect(texto.querySelector('b')).toBeNull();
    expect(texto.querySelector('img')).toBeNull();
  });

  it('on failure shows an error with a retry that reads again', async () => {
    let fallar = true;
    const llamadas = abrir(() => (fallar ? errorDelServidor(500, 'falla') : makePlantillas()));
    const error = await screen.findByTestId('admin-error');
    expect(error).toHaveTextContent('No se pudieron cargar los datos');
    fallar = false;
    fireEvent.click(within(error).getByText('Reintentar'));
    expect(await screen.findByTestId('whatsapp-plantillas')).toBeInTheDocument();
    expect(llamadas.de('GET', PLANTILLAS)).toHaveLength(2);
  });

  it('shows placeholder rows until the templates arrive', async () => {
    abrir(() => new Promise<Response>(() => undefined));
    expect(await screen.findByTestId('whatsapp-cargando')).toBeInTheDocument();
  });
});
