import { escenariosDeArchivos } from './files-escenarios.js';

// The files scenarios on the default storage, the folder (DATA_DIR/archivos).
escenariosDeArchivos();
