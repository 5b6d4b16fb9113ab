export * from './auth';
export * from './configuration';
export * from './content';
export * from './learners';
export * from './platform';
export * from './support';
export * from './learner-records';
