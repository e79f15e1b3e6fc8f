export * from './control.ts';
export * from './device-message.ts';
export * from './run-scenario.ts';
export * from './simulator.ts';
export * from './site-access.ts';
export * from './site-model.ts';
export type * from './site-state.ts';
