import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE_ID, EDITOR_LANGUAGE_IDS, LANGUAGES, languageById } from './languages';

/** The languages of spec §9, compared with the spec's text read at test time (decision 031). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const specPath = path.resolve(repoRoot, '../shared/spec/admin-console-spec.md');
if (!existsSync(specPath))
  throw new Error(`The spec is not at ${specPath}: the runner's languages are compared with its text`);
const spec = readFileSync(specPath, 'utf8');
const constants = spec.slice(spec.search(/^## 9\. /m));

/** The clause after a label, to the end of its sentence (a full stop before a space or the line's end). */
function clause(label: string): string {
  const at = constants.indexOf(label);
  if (at < 0) throw new Error(`The spec's §9 has no "${label}"`);
  const rest = constants.slice(at + label.length).split('\n')[0];
  const end = rest.search(/\.(?=\s|$)|;/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

describe('spec §9: languages', () => {
  it("compiler language ids, in the spec's order, and the default 20", () => {
    const ids = clause('Compiler language ids:')
      .split(', ')
      .map((item) => /^(.+) (\d+)$/.exec(item) as RegExpExecArray);
    const names = LANGUAGES.map((l) => l.name);
    expect(LANGUAGES.map((l) => l.id)).toEqual(ids.map((m) => Number(m[2])));
    // Each id is the language the spec names for it ("Java 62" is a Java).
    ids.forEach((m, i) => {
      expect(names[i].startsWith(`${m[1]} (`) || names[i] === m[1], `${m[1]} ${m[2]}: ${names[i]}`).toBe(true);
    });
    const line = constants.split('\n').find((l) => l.includes('Compiler language ids:')) ?? '';
    expect(/; default (\d+)\./.exec(line)?.[1]).toBe(String(DEFAULT_LANGUAGE_ID));
  });

  it('the editor list, as §9 writes it', () => {
    const editor = clause('Editor list:').split(', ');
    expect(EDITOR_LANGUAGE_IDS.map((id) => languageById(id).name)).toEqual(editor);
  });
});
