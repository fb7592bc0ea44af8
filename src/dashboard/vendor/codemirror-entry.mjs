// What the dashboard's editors use from CodeMirror 6, bundled once by build.mjs into
// ../static/vendor/codemirror.js (committed: the dashboard runs without a build step).
export { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, placeholder } from '@codemirror/view';
export { EditorState } from '@codemirror/state';
export { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
export { syntaxHighlighting, defaultHighlightStyle, bracketMatching, indentOnInput } from '@codemirror/language';
export { html } from '@codemirror/lang-html';
export { css } from '@codemirror/lang-css';
export { json } from '@codemirror/lang-json';
export { lintGutter, setDiagnostics } from '@codemirror/lint';
