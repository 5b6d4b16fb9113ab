import { RunnerError } from './types';

/**
 * The seven task languages with Judge0's ids, in the order of spec §9 ("C 50, C++ 54, Java 62,
 * JavaScript 63, Python 71, SQL 82, TypeScript 74"); the five the editor lists are named as its
 * editor list writes them (Judge0 CE's names; the local sandbox runs the machine's own
 * compilers, decision 031). `DEFAULT_LANGUAGE_ID` (20) is the console's "no language chosen
 * yet" value: it is not runnable (docs/decisions/006).
 */
export const LANGUAGES = [
  { id: 50, name: 'C (GCC 9.2.0)', editorLanguage: 'c' },
  { id: 54, name: 'C++ (GCC 9.2.0)', editorLanguage: 'cpp' },
  { id: 62, name: 'Java (OpenJDK 13.0.1)', editorLanguage: 'java' },
  { id: 63, name: 'JavaScript (Node.js 12.14.0)', editorLanguage: 'javascript' },
  { id: 71, name: 'Python (3.8.1)', editorLanguage: 'python' },
  { id: 82, name: 'SQL (PostgreSQL)', editorLanguage: 'sql' },
  { id: 74, name: 'TypeScript', editorLanguage: 'typescript' },
] as const;

/** The editor's language list (spec §9), in its order: C++, Java, JavaScript, Python, C. */
export const EDITOR_LANGUAGE_IDS = [54, 62, 63, 71, 50] as const;

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
