import { TERMINOS_VERSION } from '@delego/contract';

/**
 * The terms of service and the privacy policy that `terms` shows, in the version the contract
 * names (`TERMINOS_VERSION`, recorded with each sign-up). A change of this text goes with a new
 * version there.
 */

export interface SeccionTerminos {
  titulo: string;
  parrafos: readonly string[];
}

/** 'dd/MM/yyyy' of the version (a date, `yyyy-MM-dd`). */
export const FECHA_VERSION_TERMINOS = TERMINOS_VERSION.split('-').reverse().join('/');

export const TERMINOS_DE_SERVICIO: readonly SeccionTerminos[] = [
  {
    titulo: '1. El servicio',
    parrafos: [
      'Delego es una aplicación web y móvil para que una empresa cree órdenes de trabajo, las delegue en su personal, siga su estado y registre horas, gastos y archivos. La persona que registra la empresa acepta estos términos en su nombre y queda como propietaria de la cuenta.',
    ],
  },
  {
    titulo: '2. Su cuenta',
    parrafos: [
      'Los datos de registro deben ser verdaderos y estar al día. Cada usuario cuida su contraseña y no la comparte. La empresa responde por lo que hacen los usuarios que ella crea o invita. Si nota un uso indebido de su cuenta, cambie la contraseña y avísenos.',
    ],
  },
  {
    titulo: '3. Uso aceptable',
    parrafos: [
      'No use Delego para actividades ilícitas, para cargar contenido que infrinja derechos de terceros ni para enviar correo no deseado. No intente acceder a datos de otras empresas, probar la seguridad del servicio sin permiso ni sobrecargarlo. Podemos suspender una cuenta que incumpla estas reglas.',
    ],
  },
  {
    titulo: '4. Planes y pagos',
    parrafos: [
      'Una empresa nueva empieza en el plan gratuito, con un cupo mensual de órdenes. Los planes pagos se cobran por adelantado en cada período y se renuevan solos hasta que la empresa los cancela. Un cambio de precio se avisa por correo con al menos 30 días de anticipación.',
    ],
  },
  {
    titulo: '5. Sus datos son suyos',
    parrafos: [
      'Las órdenes, clientes, archivos y demás información que carga la empresa le pertenecen. Los usamos solo para prestar el servicio y puede exportarlos cuando quiera. Al dar de baja la cuenta los conservamos 30 días, para que pueda recuperarlos, y después los borramos.',
    ],
  },
  {
    titulo: '6. Disponibilidad y responsabilidad',
    parrafos: [
      'Trabajamos para que Delego esté siempre disponible y hacemos copias de seguridad, pero puede haber interrupciones por mantenimiento o causas ajenas. El servicio se ofrece tal como está; nuestra responsabilidad se limita al importe que la empresa pagó en los últimos 12 meses.',
    ],
  },
  {
    titulo: '7. Cambios y ley aplicable',
    parrafos: [
      'Si cambiamos estos términos, publicamos una versión nueva con su fecha y avisamos por correo a las cuentas antes de que rija. Estos términos se rigen por las leyes de la República Argentina.',
    ],
  },
];

export const POLITICA_DE_PRIVACIDAD: readonly SeccionTerminos[] = [
  {
    titulo: 'Qué datos tratamos',
    parrafos: [
      'Los de la cuenta (nombre, apellido, email y usuario de cada persona; nombre, CUIT y teléfono de la empresa), la información que la empresa carga en Delego y datos técnicos de cada acceso (dirección IP, fecha y hora) que usamos por seguridad.',
    ],
  },
  {
    titulo: 'Para qué',
    parrafos: [
      'Para prestar el servicio, enviar los correos de la cuenta (confirmación, recuperación de contraseña, avisos de órdenes) y prevenir abusos. No vendemos datos ni los usamos para publicidad.',
    ],
  },
  {
    titulo: 'Con quién los compartimos',
    parrafos: [
      'Solo con los proveedores que necesitamos para operar (alojamiento, envío de correo y cobro de los planes pagos), obligados a guardar confidencialidad, y con las autoridades cuando la ley lo exige.',
    ],
  },
  {
    titulo: 'Cómo los cuidamos',
    parrafos: [
      'Las contraseñas se guardan cifradas con un método de un solo sentido: nadie, tampoco nuestro equipo, puede leerlas. Cada empresa ve solo su propia información. Los registros de seguridad se conservan hasta 12 meses.',
    ],
  },
  {
    titulo: 'Sus derechos',
    parrafos: [
      'Puede ver y corregir sus datos en Mi cuenta y pedir una copia o su supresión respondiendo desde el correo de su cuenta a cualquier correo de Delego; contestamos dentro de los 10 días hábiles. La Agencia de Acceso a la Información Pública, órgano de control de la Ley 25.326 de Protección de Datos Personales, atiende las denuncias y reclamos por su incumplimiento.',
    ],
  },
];
