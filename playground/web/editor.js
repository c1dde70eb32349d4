// The playground's editors: CodeMirror 6, bundled by build.sh into
// dist/editor.js (an IIFE that sets `window.RelicEditor`), so the page
// needs no network at run time.
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching } from "@codemirror/language";
import { toml } from "@codemirror/legacy-modes/mode/toml";
import { setDiagnostics, lintGutter, lintKeymap } from "@codemirror/lint";

// An editor in `parent` holding `doc`; `onChange(text)` after every edit,
// `onCursor(offset)` when the cursor moves.
export function createEditor(parent, doc, { label, isToml, onChange, onCursor }) {
  const extensions = [
    lineNumbers(), history(), drawSelection(), highlightActiveLine(), bracketMatching(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }), lintGutter(),
    keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap, indentWithTab]),
    EditorView.contentAttributes.of({ "aria-label": label }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
      if (update.docChanged || update.selectionSet) onCursor(update.state.selection.main.head);
    }),
  ];
  if (isToml) extensions.push(StreamLanguage.define(toml));
  return new EditorView({ state: EditorState.create({ doc, extensions }), parent });
}

// Replaces the whole text of `view`.
export function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// Marks `problems` (as the engine's `check` gives them) in `view`.
export function showProblems(view, problems) {
  const length = view.state.doc.length;
  const diagnostics = problems.map((p) => {
    const from = Math.min(p.from, length);
    const to = Math.min(Math.max(p.to, from), length);
    const words = [p.label ? `${p.message}: ${p.label}` : p.message];
    if (p.help) words.push(`help: ${p.help}`);
    const severity = p.severity === "advice" ? "info" : p.severity;
    return { from, to, severity, source: p.code, message: words.join("\n") };
  });
  view.dispatch(setDiagnostics(view.state, diagnostics));
}
