export * from '../modules/entidades/entidades.tables.js';
export * from '../modules/plans/plans.tables.js';
export * from '../modules/users/users.tables.js';
export * from '../modules/permissions/permissions.tables.js';
export * from '../modules/clients/clients.tables.js';
export * from '../modules/catalog/catalog.tables.js';
export * from '../modules/orders/orders.tables.js';
export * from '../modules/notifications/notifications.tables.js';
