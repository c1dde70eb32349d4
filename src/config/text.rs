//! Every text a ruleset defines (names, messages, glyphs, descriptions)
//! may reach a terminal, so none may hold a control character a terminal
//! acts on (line ends and tabs are allowed): checked on the merged tree of
//! every game's ruleset, so no game's loader can forget it.

use miette::Diagnostic;

use super::error::RulesetError;
use super::tree::{Node, NodeKind};
use super::validate::source_span;
use crate::diagnostics::is_hostile;

/// Reports each string of `node` (at key path `path`) that holds a
/// control character other than a line end or a tab.
///
/// ```
/// use relic::config::{Builtins, Loader};
/// let builtins = Builtins { list: &[], what: "the built-in rulesets are", more: None };
/// let text = "[messages]\nwon = \"\\u001b]0;owned\\u0007\"\n";
/// let failure = Loader::new("x.toml", text, builtins)
///     .run(None, "x".into(), |_, _| Some(()))
///     .unwrap_err()
///     .render(80);
/// assert!(failure.contains("rules::value::control_character"));
/// assert!(failure.contains("`messages.won`") && !failure.contains('\u{1b}'));
/// ```
pub(super) fn control_characters(
    node: &Node,
    path: &mut String,
    out: &mut Vec<(usize, Box<dyn Diagnostic + Send + Sync>)>,
) {
    match &node.kind {
        NodeKind::Str(text) => {
            if let Some(bad) = text.chars().find(|&c| is_hostile(c)) {
                let error = RulesetError::ControlCharacter {
                    key: path.clone(),
                    character: format!("U+{:04X}", u32::from(bad)),
                    span: source_span(node.at),
                };
                out.push((node.at.file, Box::new(error)));
            }
        }
        NodeKind::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                control_characters(item, path, out);
                path.truncate(len);
            }
        }
        NodeKind::Table(entries) => {
            for entry in entries {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(&entry.key);
                control_characters(&entry.value, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}
