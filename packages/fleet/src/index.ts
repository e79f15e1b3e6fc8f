export * from './build-fleet.ts';
export * from './credentials.ts';
export * from './geography.ts';
export * from './history.ts';
export * from './normal-readings.ts';
export * from './pin-layout.ts';
export * from './random.ts';
export type * from './types.ts';
