import { fileURLToPath } from 'node:url';

/**
 * `@cohort/domain/<module>` reaches one dependency-free module of the domain package
 * (errors, enums, the auth calls' paths) without its barrel, so the first-load chunk (loading screen, error
 * page, api client) does not carry zod and every schema. Same files, same module ids.
 */
export const domainAlias = {
  find: /^@cohort\/domain\/(errors|enums|calls\/auth-paths)$/,
  replacement: fileURLToPath(new URL('../../packages/domain/src/$1.ts', import.meta.url)),
};
