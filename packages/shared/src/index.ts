export * from './constants.ts';
export * from './locales.ts';
export * from './errors.ts';
export * from './schemas/health.ts';
export * from './schemas/jobs.ts';
export * from './schemas/auth.ts';
