export * from './auth';
export * from './content';
export * from './platform';
