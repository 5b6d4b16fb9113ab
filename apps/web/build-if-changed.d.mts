export const HASH_FILE: string;
export const BUILD_INPUTS: string[];
export function sourceHash(root: string, inputs?: string[]): string;
export function buildIsCurrent(dist: string, hash: string): boolean;
export function buildIfChanged(options: {
  root: string;
  dist: string;
  inputs?: string[];
  build: () => void;
  log?: (line: string) => void;
}): boolean;
