// HTML §13.2.6.4.1 "the initial insertion mode": which DOCTYPE puts a document in quirks
// or limited-quirks mode. Chromium prints a document without a DOCTYPE in quirks mode
// (tables reset their font size, among others), so Platen must know which one it has.

export type DocumentMode = 'no-quirks' | 'limited-quirks' | 'quirks';

const QUIRKS_PUBLIC_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//', '-//as//dtd html 3.0 aswedit + extensions//', '-//advasoft ltd//dtd html 3.0 aswedit + extensions//',
  '-//ietf//dtd html 2.0 level 1//', '-//ietf//dtd html 2.0 level 2//', '-//ietf//dtd html 2.0 strict level 1//', '-//ietf//dtd html 2.0 strict level 2//',
  '-//ietf//dtd html 2.0 strict//', '-//ietf//dtd html 2.0//', '-//ietf//dtd html 2.1e//', '-//ietf//dtd html 3.0//', '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//', '-//ietf//dtd html 3//', '-//ietf//dtd html level 0//', '-//ietf//dtd html level 1//', '-//ietf//dtd html level 2//',
  '-//ietf//dtd html level 3//', '-//ietf//dtd html strict level 0//', '-//ietf//dtd html strict level 1//', '-//ietf//dtd html strict level 2//',
  '-//ietf//dtd html strict level 3//', '-//ietf//dtd html strict//', '-//ietf//dtd html//', '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//', '-//microsoft//dtd internet explorer 2.0 html//', '-//microsoft//dtd internet explorer 2.0 tables//',
  '-//microsoft//dtd internet explorer 3.0 html strict//', '-//microsoft//dtd internet explorer 3.0 html//', '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//', '-//netscape comm. corp.//dtd strict html//', "-//o'reilly and associates//dtd html 2.0//",
  "-//o'reilly and associates//dtd html extended 1.0//", "-//o'reilly and associates//dtd html extended relaxed 1.0//",
  '-//sq//dtd html 2.0 hotmetal + extensions//', '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//', '-//spyglass//dtd html 2.0 extended//', '-//sun microsystems corp.//dtd hotjava html//',
  '-//sun microsystems corp.//dtd hotjava strict html//', '-//w3c//dtd html 3 1995-03-24//', '-//w3c//dtd html 3.2 draft//', '-//w3c//dtd html 3.2 final//',
  '-//w3c//dtd html 3.2//', '-//w3c//dtd html 3.2s draft//', '-//w3c//dtd html 4.0 frameset//', '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//', '-//w3c//dtd html experimental 970421//', '-//w3c//dtd w3 html//', '-//w3o//dtd w3 html 3.0//',
  '-//webtechs//dtd mozilla html 2.0//', '-//webtechs//dtd mozilla html//',
];

/** The mode a DOCTYPE token selects; undefined = no DOCTYPE. */
export function documentMode(doctype: { name: string; publicId: string | undefined; systemId: string | undefined; forceQuirks: boolean } | undefined): DocumentMode {
  if (doctype === undefined || doctype.forceQuirks) return 'quirks';
  const publicId = doctype.publicId?.toLowerCase();
  const systemId = doctype.systemId?.toLowerCase();
  if (doctype.name !== 'html') return 'quirks';
  if (publicId !== undefined) {
    if (publicId === '-//w3o//dtd w3 html strict 3.0//en//' || publicId === '-/w3c/dtd html 4.0 transitional/en' || publicId === 'html') return 'quirks';
    if (QUIRKS_PUBLIC_PREFIXES.some((p) => publicId.startsWith(p))) return 'quirks';
    const html401 = publicId.startsWith('-//w3c//dtd html 4.01 frameset//') || publicId.startsWith('-//w3c//dtd html 4.01 transitional//');
    if (html401 && systemId === undefined) return 'quirks';
    if (publicId.startsWith('-//w3c//dtd xhtml 1.0 frameset//') || publicId.startsWith('-//w3c//dtd xhtml 1.0 transitional//')) return 'limited-quirks';
    if (html401) return 'limited-quirks';
  }
  if (systemId === 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd') return 'quirks';
  return 'no-quirks';
}
