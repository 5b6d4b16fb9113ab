import { RunnerError } from './types';

/**
 * The seven task languages with Judge0's ids (spec §9). `DEFAULT_LANGUAGE_ID` (20) is the
 * console's "no language chosen yet" value: it is not runnable (docs/decisions/006).
 */
export const LANGUAGES = [
  { id: 50, name: 'C (GCC)', editorLanguage: 'c' },
  { id: 54, name: 'C++ (GCC)', editorLanguage: 'cpp' },
  { id: 62, name: 'Java (OpenJDK)', editorLanguage: 'java' },
  { id: 63, name: 'JavaScript (Node.js)', editorLanguage: 'javascript' },
  { id: 71, name: 'Python (3)', editorLanguage: 'python' },
  { id: 74, name: 'TypeScript', editorLanguage: 'typescript' },
  { id: 82, name: 'SQL (PostgreSQL)', editorLanguage: 'sql' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE_ID = 20;

export function languageById(id: number): Language {
  const lang = LANGUAGES.find((l) => l.id === id);
  if (!lang) {
    const known = LANGUAGES.map((l) => `${l.id} ${l.name}`).join(', ');
    const why = id === DEFAULT_LANGUAGE_ID ? ' (20 is the editor default meaning "no language chosen")' : '';
    throw new RunnerError('UNKNOWN_LANGUAGE', `Unknown language id ${id}${why}. Choose one of: ${known}`);
  }
  return lang;
}
