export * from './common.js';
export * from './auth.js';
export * from './plan.js';
export * from './permissions.js';
export * from './api.js';
export * from './estados.js';
export * from './orders.js';
export * from './admin.js';
