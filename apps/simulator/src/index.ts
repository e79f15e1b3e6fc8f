export * from './device-message.ts';
export * from './run-scenario.ts';
export * from './simulator.ts';
export * from './site-model.ts';
export type * from './site-state.ts';
