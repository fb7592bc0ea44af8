// One line-and-column rule for every located message outside the engine: template warnings,
// template refusals at the end of the file, the dashboard's JSON fields, a malformed request body.
import { expect } from 'chai';
import { lineColumnAt } from '../src/textPosition';
import { templateWarnings } from '../src/template';
import { parseJsonObject } from '../src/dashboard/validate';

describe('lineColumnAt', () => {
  const cases: [string, number, number, number][] = [
    ['abc', 0, 1, 1],
    ['abc', 2, 1, 3],
    ['a\nbc', 3, 2, 2],
    ['a\r\nbc', 4, 2, 2], // CRLF is one line end
    ['a\rbc', 3, 2, 2], // so is a lone CR
    ['a\n\nb', 3, 3, 1],
    ['ab', 99, 1, 3], // past the end: the end
    ['ab', -4, 1, 1],
  ];
  for (const [text, offset, line, column] of cases) {
    it(`${JSON.stringify(text)} @${offset} → ${line}:${column}`, () => {
      expect(lineColumnAt(text, offset)).to.deep.equal({ line, column });
    });
  }

  it('a template warning after CR-only line ends names the line an editor shows', () => {
    const [w] = templateWarnings('<p>a</p>\r<p>b</p>\r<style>p{#x{color:red}}</style>');
    expect(w).to.include({ line: 3, column: 9 });
  });

  it('the dashboard names the same line for a JSON field with CR-only line ends', () => {
    const { problem } = parseJsonObject('{\r"a": 1,\r}', 'sample', 'Sample params');
    expect(problem).to.include({ code: 'invalid-json', line: 3, column: 1 });
  });
});
