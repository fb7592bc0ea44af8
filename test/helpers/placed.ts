// Hand-made nodes as placed pages, the only definition toPdf takes (what paint emits): one
// page, each node absolutely positioned down it unless it brings its own position. A text
// node may be written short, `{ text: 'abc', font }` or `{ text: [runs], fontSize }`: its runs
// get every field paint writes (the node's, else the definition's default font, 12pt black).
import type { DocDefinition } from '../../src/engine';

type Obj = Record<string, unknown>;
const RUN_FIELDS = ['font', 'bold', 'italics', 'fontSize', 'color', 'opacity', 'characterSpacing', 'features'] as const;

function fullText(node: Obj, defaultFont: string): Obj {
  if (node.text === undefined) return node;
  const list = (Array.isArray(node.text) ? node.text : [node.text]) as unknown[];
  const base: Obj = { font: defaultFont, bold: false, italics: false, fontSize: 12, color: 'black' };
  for (const k of RUN_FIELDS) if (node[k] !== undefined) base[k] = node[k];
  const runs = list.map((r) => ({ ...base, ...(typeof r === 'object' && r !== null ? r as Obj : { text: String(r) }) }));
  const out: Obj = { text: runs };
  if (node.absolutePosition) out.absolutePosition = node.absolutePosition;
  return out;
}

export function placed(content: readonly unknown[], page = { width: 300, height: 200 }, extra: Partial<DocDefinition> = {}): DocDefinition {
  const font = typeof extra.defaultStyle?.font === 'string' ? extra.defaultStyle.font : 'Liberation Serif';
  const section = content.map((n, i) => fullText({ absolutePosition: { x: 10, y: 10 + 24 * i }, ...(n as Obj) }, font));
  return { pageSize: page, content: [{ section, pageSize: page }], ...extra };
}
