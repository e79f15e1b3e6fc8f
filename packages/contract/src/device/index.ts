export * from './common.ts';
export * from './decode.ts';
export * from './messages.ts';
export * from './oem.ts';
export * from './pins.ts';
export * from './nats-subjects.ts';
export * from './topics.ts';
