// CSS Cascading 4 §6: the rules that apply to an element and their precedence. Each sheet's
// style rules are indexed once per page area (media queries decided); a match is a
// declaration block with its origin and importance (§6.2), specificity (§6.4) and order of
// appearance (§6.5) folded into one sort key. Sheet sets also keep the signature trees of
// sharing.ts, so elements no selector can tell apart are matched once.
import type { SourceLocation } from '../diagnostics';
import { PSEUDO_ELEMENTS, type ComplexSelector, type PseudoElement } from '../css/selectors';
import type { CompiledDecl } from './declarations';
import { RuleIndex } from './match';
import { matchesMediaList, type MediaEnvironment } from './media';
import { FeatureCollector, Signatures } from './sharing';
import type { CompiledSheet, StyleItem } from './sheets';
import type { PlacedSheet } from './sources';

/** CSS Cascading 4 §6.2 origin and importance, low to high. */
export const enum Band {
  UaNormal = 0,
  Presentational = 1,
  AuthorNormal = 2,
  StyleAttrNormal = 3,
  AuthorImportant = 4,
  StyleAttrImportant = 5,
  UaImportant = 6,
}

export interface RulePayload {
  readonly item: StyleItem;
  /** position in its sheet */
  readonly order: number;
}

/** One sheet's style rules indexed for one page area (media queries decided), cached per sheet. */
export type SheetRules = Readonly<Record<Target, RuleIndex<RulePayload>>>;

/** what a rule styles: the element, or one of its pseudo-elements */
export type Target = 'main' | PseudoElement;
export const TARGETS: readonly Target[] = ['main', ...PSEUDO_ELEMENTS];

const newSheetRules = (): SheetRules => ({
  main: new RuleIndex(), before: new RuleIndex(), after: new RuleIndex(), marker: new RuleIndex(), 'first-letter': new RuleIndex(), 'first-line': new RuleIndex(), 'footnote-call': new RuleIndex(), 'footnote-marker': new RuleIndex(),
});

/** A sheet that applies to this document, with its rank in cascade order. */
export interface ActiveSheet {
  readonly placed: PlacedSheet;
  readonly rules: SheetRules;
  readonly rank: number;
}

const rulesCache = new WeakMap<CompiledSheet, Map<string, SheetRules>>();

export function rulesFor(sheet: CompiledSheet, env: MediaEnvironment): SheetRules {
  const key = `${env.widthPx.toFixed(2)}x${env.heightPx.toFixed(2)}`;
  let perEnv = rulesCache.get(sheet);
  const hit = perEnv?.get(key);
  if (hit) return hit;
  const rules = newSheetRules();
  let order = 0;
  for (const item of sheet.items) {
    if (item.kind !== 'style' || !item.media.every((m) => matchesMediaList(m, env))) continue;
    order++;
    const payload: RulePayload = { item, order };
    item.keys.forEach((key, part) => rules[key.target].add(key, { source: item, part, payload }));
  }
  if (!perEnv) { perEnv = new Map(); rulesCache.set(sheet, perEnv); }
  if (perEnv.size > 8) perEnv.clear();
  perEnv.set(key, rules);
  return rules;
}

/** What the selectors of a sheet ask about where an element stands (sharing.ts), cached per sheet. */
function positionalFeatures(rules: SheetRules): FeatureCollector {
  let hit = positionalCache.get(rules);
  if (!hit) {
    const features = new FeatureCollector();
    const add = (sel: ComplexSelector) => features.add(sel);
    for (const t of TARGETS) rules[t].forEachPositional(add);
    hit = features;
    positionalCache.set(rules, hit);
  }
  return hit;
}
const positionalCache = new WeakMap<SheetRules, FeatureCollector>();

/**
 * The signature tree of a set of active sheets (in order, with their origin and base), kept for
 * the next document with the same sheets: its matched rules do not depend on the document. At
 * most 16 sets; a tree that grew past MAX_SIGNATURES kinds of element is dropped.
 */
export function signaturesFor(active: readonly ActiveSheet[]): Signatures | undefined {
  let key = '';
  for (const a of active) key += `${rulesId(a.rules)}:${a.placed.origin}:${a.placed.base.length}:${a.placed.base}|`;
  const kept = keptSignatures.get(key);
  if (kept) return kept;
  const features = new FeatureCollector();
  for (const a of active) features.merge(positionalFeatures(a.rules));
  const positional = features.result();
  if (!positional) return undefined;
  const made = new Signatures(positional, key);
  if (keptSignatures.size >= MAX_SIGNATURE_SETS) keptSignatures.delete(keptSignatures.keys().next().value!);
  keptSignatures.set(key, made);
  return made;
}

/** After a document: a tree that grew too large is not kept (the next document starts a new one). */
export function keepSignatures(s: Signatures): void {
  if (s.size > MAX_SIGNATURES || s.keyLength > MAX_SIGNATURE_CHARS) keptSignatures.delete(s.setKey);
}

const keptSignatures = new Map<string, Signatures>();
const MAX_SIGNATURE_SETS = 16;
/** kinds of element (and characters of their keys) a kept signature tree may hold */
const MAX_SIGNATURES = 400;
const MAX_SIGNATURE_CHARS = 200_000;
const rulesIds = new WeakMap<SheetRules, number>();
let nextRulesId = 0;
function rulesId(rules: SheetRules): number {
  let id = rulesIds.get(rules);
  if (id === undefined) { id = ++nextRulesId; rulesIds.set(rules, id); }
  return id;
}

export interface Matched {
  readonly decls: readonly CompiledDecl[];
  readonly key: number;   // band · 2^32 + specificity
  readonly order: number;
  /** where offsets point: a function (element-level declarations), or the rank of the active sheet (the same in every document of its sheet set) */
  readonly locate: ((offset: number) => SourceLocation) | number;
}

export const byCascadeOrder = (a: Matched, b: Matched) => a.key - b.key || a.order - b.order;

const declIds = new WeakMap<readonly CompiledDecl[], number>();
let nextDeclId = 0;

export function declsId(decls: readonly CompiledDecl[]): number {
  let id = declIds.get(decls);
  if (id === undefined) { id = ++nextDeclId; declIds.set(decls, id); }
  return id;
}

