// The template and globals editors: CodeMirror 6 (the committed bundle) over each
// `.editor textarea`, which stays the form field (read-only where the container says
// data-readonly: an older version); problems shown at their lines; and on the
// template page a live preview: the draft is sent to the service, which renders it as any PDF,
// and pdf.js draws the pages. Without this script the textareas and the form still work.
import * as CM from '/dashboard/static/codemirror.js';

const LANGUAGES = { html: () => CM.html({ autoCloseTags: false }), css: () => CM.css(), json: () => CM.json() };
const PREVIEW_DELAY_MS = 350;

/** What app.css cannot reach inside the editor's shadow root. */
function theme(height) {
  return CM.EditorView.theme({
    '&': { height, border: '1px solid #b8c1cc', borderRadius: '6px', backgroundColor: '#fff', fontSize: '0.88rem' },
    '&.cm-focused': { outline: '3px solid #f59e0b', outlineOffset: '1px' },
    '.cm-scroller': { fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace', lineHeight: '1.45' },
    '.cm-gutters': { backgroundColor: '#f3f4f6', borderRight: '1px solid #e5e7eb', color: '#6b7280' },
  });
}

/** field name → { view, textarea } */
const editors = new Map();

function mountEditor(container, onChange) {
  const textarea = container.querySelector('textarea');
  const label = container.querySelector('label');
  const lang = LANGUAGES[container.dataset.lang];
  // The editor lives in a shadow root: CodeMirror then styles it with a constructed style sheet
  // instead of a <style> element, which the Content-Security-Policy (style-src 'self') refuses.
  const host = document.createElement('div');
  host.className = 'cm-host';
  container.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const view = new CM.EditorView({
    parent: root,
    root,
    state: CM.EditorState.create({
      doc: textarea.value,
      extensions: [
        CM.lineNumbers(), CM.highlightActiveLineGutter(), CM.history(), CM.drawSelection(), CM.indentOnInput(), CM.bracketMatching(),
        CM.syntaxHighlighting(CM.defaultHighlightStyle, { fallback: true }), CM.highlightActiveLine(), CM.lintGutter(),
        CM.keymap.of([...CM.defaultKeymap, ...CM.historyKeymap]),
        lang ? lang() : [],
        theme(container.dataset.height || '14rem'),
        container.dataset.readonly ? CM.EditorState.readOnly.of(true) : [],
        CM.EditorView.contentAttributes.of({ 'aria-label': label ? label.textContent : textarea.name, 'data-field': textarea.name }),
        CM.EditorView.updateListener.of((update) => {
          if (!update.docChanged) return;
          textarea.value = update.state.doc.toString();
          onChange();
        }),
      ],
    }),
  });
  textarea.hidden = true;
  if (label) {
    label.removeAttribute('for');
    label.addEventListener('click', () => view.focus());
  }
  editors.set(textarea.name, { view, textarea });
}

/** problems: [{field, line, column, message, severity}] → lint markers in each editor */
function showProblems(problems) {
  for (const [field, { view }] of editors) {
    const doc = view.state.doc;
    const diagnostics = problems.filter((p) => p.field === field && p.line > 0).map((p) => {
      const line = doc.line(Math.min(Math.max(1, p.line), doc.lines));
      const from = Math.min(line.from + Math.max(0, (p.column || 1) - 1), line.to);
      return { from, to: Math.max(from, line.to), severity: p.severity === 'warning' ? 'warning' : 'error', message: p.message };
    });
    view.dispatch(CM.setDiagnostics(view.state, diagnostics));
  }
}

function problemsOnPage() {
  return [...document.querySelectorAll('#problem-list li[data-field]')].map((li) => ({
    field: li.dataset.field, line: Number(li.dataset.line), column: Number(li.dataset.column), severity: li.dataset.severity, message: li.dataset.message,
  }));
}

function setupPreview(section) {
  const status = section.querySelector('#preview-status');
  const pagesBox = section.querySelector('#preview-pages');
  const list = section.querySelector('#preview-problems');
  const csrf = section.dataset.csrf;
  let pdfjs;
  let timer;
  let sequence = 0;

  const fieldLabel = { html: 'HTML', css: 'CSS', sample: 'Sample params' };
  function listProblems(problems) {
    list.replaceChildren(...problems.map((p) => {
      const li = document.createElement('li');
      li.className = p.severity;
      li.textContent = `${fieldLabel[p.field] || p.field}${p.line ? `, line ${p.line}` : ''}: ${p.message}`;
      return li;
    }));
  }

  async function draw(bytes, mine) {
    pdfjs ??= await import('/dashboard/static/pdf.min.mjs');
    pdfjs.GlobalWorkerOptions.workerSrc = '/dashboard/static/pdf.worker.min.mjs';
    const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
    const width = Math.max(200, pagesBox.clientWidth - 2);
    const canvases = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      if (mine !== sequence) return undefined;
      const base = page.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.className = 'page';
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `Page ${n} of ${pdf.numPages}`);
      await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
      canvases.push(canvas);
    }
    if (mine !== sequence) return undefined;
    pagesBox.replaceChildren(...canvases);
    pagesBox.dataset.pages = String(pdf.numPages);
    void pdf.destroy();
    return pdf.numPages;
  }

  async function refresh() {
    const mine = ++sequence;
    const field = (name) => (editors.get(name)?.textarea.value ?? document.getElementById(name)?.value ?? '');
    status.textContent = 'Rendering…';
    section.setAttribute('aria-busy', 'true');
    const started = performance.now();
    try {
      const res = await fetch('/dashboard/api/preview', {
        method: 'POST', credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ html: field('html'), css: field('css'), sample: field('sample'), ...(section.dataset.templateId ? { templateId: section.dataset.templateId } : {}), ...(section.dataset.version ? { version: Number(section.dataset.version) } : {}) }),
      });
      const answer = await res.json();
      if (mine !== sequence) return;
      if (!res.ok) {
        status.textContent = answer.error ? answer.error.message : `The preview failed (${res.status}).`;
        return;
      }
      showProblems(answer.problems);
      listProblems(answer.problems);
      if (!answer.pdf) {
        status.textContent = 'Not rendered: fix the errors listed.';
        pagesBox.classList.add('stale');
        return;
      }
      const bytes = Uint8Array.from(atob(answer.pdf), (c) => c.charCodeAt(0));
      const pages = await draw(bytes, mine);
      if (pages === undefined) return;
      pagesBox.classList.remove('stale');
      const warnings = answer.problems.length;
      status.textContent = `${pages} page${pages === 1 ? '' : 's'}, ${Math.round(performance.now() - started)} ms${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`;
    } catch (err) {
      if (mine === sequence) status.textContent = `The preview failed: ${err.message}`;
    } finally {
      if (mine === sequence) section.removeAttribute('aria-busy');
    }
  }

  return () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, PREVIEW_DELAY_MS);
  };
}

const section = document.querySelector('section.preview');
const schedule = section ? setupPreview(section) : () => {};
for (const container of document.querySelectorAll('.editor[data-lang]')) mountEditor(container, schedule);
showProblems(problemsOnPage());
if (section) schedule();
