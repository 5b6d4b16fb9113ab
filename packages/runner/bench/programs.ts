/**
 * The trivial program each language runs: read one line from stdin and print it back
 * (SQL has no stdin: it selects a constant). Every run must print exactly `expected`.
 *
 * `maxRuns` and `maxSeconds` bound the measured sandboxed runs per language and per
 * concurrency (spread over the rounds); the bare runs then repeat the same count.
 * Java, TypeScript and SQL cost about 0.5–1.5 s a run, so they get fewer runs.
 */
export type BenchProgram = {
  languageId: number;
  name: string;
  source: string;
  stdin: string;
  expected: string;
  maxRuns: number;
  maxSeconds: number;
};

const LINE = 'hello\n';

export const PROGRAMS: BenchProgram[] = [
  {
    languageId: 50,
    name: 'C (GCC)',
    source: '#include <stdio.h>\nint main(void){char s[256];if(fgets(s,sizeof s,stdin))fputs(s,stdout);return 0;}\n',
    stdin: LINE,
    expected: LINE,
    maxRuns: 30,
    maxSeconds: 6,
  },
  {
    languageId: 54,
    name: 'C++ (GCC)',
    source:
      '#include <iostream>\n#include <string>\nint main(){std::string s;std::getline(std::cin,s);std::cout<<s<<"\\n";}\n',
    stdin: LINE,
    expected: LINE,
    maxRuns: 20,
    maxSeconds: 6,
  },
  {
    languageId: 62,
    name: 'Java (OpenJDK)',
    source:
      'import java.io.*;\npublic class Main {\n  public static void main(String[] a) throws IOException {\n' +
      '    System.out.println(new BufferedReader(new InputStreamReader(System.in)).readLine());\n  }\n}\n',
    stdin: LINE,
    expected: LINE,
    maxRuns: 8,
    maxSeconds: 7,
  },
  {
    languageId: 63,
    name: 'JavaScript (Node.js)',
    source: "const line = require('fs').readFileSync(0, 'utf8').split('\\n')[0];\nconsole.log(line);\n",
    stdin: LINE,
    expected: LINE,
    maxRuns: 30,
    maxSeconds: 6,
  },
  {
    languageId: 71,
    name: 'Python (3)',
    source: 'print(input())\n',
    stdin: LINE,
    expected: LINE,
    maxRuns: 30,
    maxSeconds: 6,
  },
  {
    languageId: 74,
    name: 'TypeScript',
    source: "const line: string = require('fs').readFileSync(0, 'utf8').split('\\n')[0];\nconsole.log(line);\n",
    stdin: LINE,
    expected: LINE,
    maxRuns: 8,
    maxSeconds: 8,
  },
  {
    languageId: 82,
    name: 'SQL (PostgreSQL)',
    source: "select 'hello';\n",
    stdin: '',
    expected: LINE,
    maxRuns: 8,
    maxSeconds: 8,
  },
];
