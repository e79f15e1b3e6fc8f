export * from './auth.ts';
export * from './errors.ts';
export * from './live.ts';
export * from './device/index.ts';
