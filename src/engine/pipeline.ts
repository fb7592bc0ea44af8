// The pipeline in straight-line order. PLACEHOLDER: renders the document's text only,
// so the service and the CLI can be built end to end while the real stages land.
import { parseDocument } from 'htmlparser2';
import { textContent } from 'domutils';
import { DiagnosticList } from './diagnostics';
import { PAGE_FORMATS, type EngineOptions, type EngineResult } from './index';

export interface LayoutInput {
  readonly html: string;
  readonly css: string;
  readonly options: EngineOptions;
}

const shipped = (file: string) => ({ kind: 'shipped', file }) as const;

export function layoutDocument(input: LayoutInput): EngineResult {
  const diagnostics = new DiagnosticList();
  const dom = parseDocument(input.html);
  const page = PAGE_FORMATS[input.options.format ?? 'A4'];
  const text = textContent(dom).replace(/\s+/g, ' ').trim();
  return {
    docDefinition: {
      pageSize: { width: page.width, height: page.height },
      pageMargins: [28.35, 28.35, 28.35, 28.35],
      content: [{ text }],
      defaultStyle: { font: 'Liberation Sans', fontSize: 12 },
    },
    fonts: {
      'Liberation Sans': {
        normal: shipped('LiberationSans-Regular.ttf'),
        bold: shipped('LiberationSans-Bold.ttf'),
        italics: shipped('LiberationSans-Italic.ttf'),
        bolditalics: shipped('LiberationSans-BoldItalic.ttf'),
      },
    },
    diagnostics: diagnostics.items,
  };
}
