// Hand-made nodes as placed pages, the only definition toPdf takes (what paint emits): one
// page, each node absolutely positioned down it unless it brings its own position.
import type { DocDefinition } from '../../src/engine';

export function placed(content: readonly unknown[], page = { width: 300, height: 200 }, extra: Partial<DocDefinition> = {}): DocDefinition {
  const section = content.map((n, i) => ({ absolutePosition: { x: 10, y: 10 + 24 * i }, ...(n as object) }));
  return { pageSize: page, pageMargins: [0, 0, 0, 0], content: [{ section, pageSize: page }], ...extra };
}
