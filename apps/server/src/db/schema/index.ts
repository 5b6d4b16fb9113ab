export * from './auth';
export * from './configuration';
export * from './content';
export * from './holds';
export * from './learner-records';
export * from './learners';
export * from './platform';
export * from './support';
