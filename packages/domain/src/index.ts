export * from './tenants.ts';
