import './zod-config.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './schemas.ts';
export * from './error-messages.ts';
export * from './expiry.ts';
export * from './devices.ts';
