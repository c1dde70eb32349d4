//! What is under the cursor of a ruleset: the key path at a byte offset,
//! and from it the hover text (the key's and the value's reference
//! entries from the game's schema) and the definitions (the same key in
//! the ruleset it extends, the file an `extends` names, the item a name
//! refers to).

use std::path::{Path, PathBuf};

use crate::config::tree::{Node, NodeKind};
use crate::games::{GameId, game_key};
use crate::rulebook::schema_doc::{SchemaDoc, Step};

/// What the cursor is on.
#[derive(Clone, Debug)]
pub enum Target {
    /// A key (its bytes).
    Key(usize, usize),
    /// A value that is not a table or array (its node).
    Value(Node),
}

/// The game a ruleset text is for (`moving-maze` without a `game` key).
pub fn game_of(text: &str) -> GameId {
    game_key(text)
        .and_then(|(name, _)| GameId::from_name(&name))
        .unwrap_or_default()
}

/// The bytes of the value of the ruleset's `extends` key, if written.
pub fn extends_span(text: &str) -> Option<(usize, usize)> {
    let node = crate::rulebook::tree(text).get("extends")?.clone();
    Some((node.at.span.start, node.at.span.end))
}

/// The key path at byte `offset` of `root` and what it is on.
pub fn locate(root: &Node, offset: usize) -> Option<(Vec<Step>, Target)> {
    let mut path = Vec::new();
    locate_in(root, offset, &mut path).map(|target| (path, target))
}

fn locate_in(node: &Node, offset: usize, path: &mut Vec<Step>) -> Option<Target> {
    let inside = |at: crate::diagnostics::Span| at.start <= offset && offset <= at.end;
    match &node.kind {
        NodeKind::Table(entries) => {
            for entry in entries {
                path.push(Step::Key(entry.key.clone()));
                if inside(entry.key_at.span) && !entry.key_at.span.is_empty() {
                    let span = entry.key_at.span;
                    return Some(Target::Key(span.start, span.end));
                }
                if let Some(found) = locate_in(&entry.value, offset, path) {
                    return Some(found);
                }
                path.pop();
            }
            None
        }
        NodeKind::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                if let Some(found) = locate_in(item, offset, path) {
                    return Some(found);
                }
                path.pop();
            }
            None
        }
        _ => inside(node.at.span).then(|| Target::Value(node.clone())),
    }
}

/// The hover text (Markdown) at byte `offset` of ruleset `text`.
///
/// ```
/// let text = "game = \"vocabulary\"\n[[actions]]\nmechanic = \"place\"\n";
/// let on_value = relic::lsp::lookup::hover(text, 45).unwrap();
/// assert!(on_value.contains("reserve"), "{on_value}");
/// ```
pub fn hover(text: &str, offset: usize) -> Option<String> {
    let doc = SchemaDoc::of(game_of(text));
    let (mut path, target) = locate(&crate::rulebook::tree(text), offset)?;
    let key = match path.last()? {
        Step::Key(key) => key.clone(),
        Step::Index(_) => {
            path.pop();
            match path.last()? {
                Step::Key(key) => key.clone(),
                Step::Index(_) => return None,
            }
        }
    };
    let about = doc.description(&path).unwrap_or_default();
    let mut out = format!("**`{key}`**\n\n{about}");
    if let Target::Value(node) = target
        && let NodeKind::Str(word) = &node.kind
        && let Some(meaning) = doc.value_description(&path, word)
    {
        out = format!("**`{word}`**: {meaning}\n\n---\n\n{out}");
    }
    Some(out)
}

/// Where what is at byte `offset` of the ruleset `text` (at `path`) is
/// defined: the file and bytes.
pub fn definition(path: &Path, text: &str, offset: usize) -> Option<(PathBuf, usize, usize)> {
    let root = crate::rulebook::tree(text);
    let (keys, target) = locate(&root, offset)?;
    if keys == [Step::Key("extends".into())] {
        return Some((parent_file(path, text)?, 0, 0));
    }
    match target {
        Target::Key(..) => in_parents(path, text, &keys),
        Target::Value(node) => {
            let NodeKind::Str(name) = &node.kind else {
                return None;
            };
            let (start, end) = named(&root, name, node.at.span.start)?;
            Some((path.to_path_buf(), start, end))
        }
    }
}

/// The file the ruleset `text` (at `path`) extends, when it is a file.
pub fn parent_file(path: &Path, text: &str) -> Option<PathBuf> {
    let root = crate::rulebook::tree(text);
    let NodeKind::Str(extends) = &root.get("extends")?.kind else {
        return None;
    };
    let file = path.parent().unwrap_or(Path::new("")).join(extends);
    match file.is_file() {
        true => Some(file),
        false => builtin_file(extends),
    }
}

/// A read-only copy of the built-in ruleset `name` (embedded in relic, so
/// not on disk) at `$XDG_CACHE_HOME/relic/builtin/NAME.toml` (or
/// `~/.cache/...`), written when missing or out of date (read-only, mode
/// 0444, replaced whole by a rename), so that any editor can open what go
/// to definition points at and shows it read-only.
pub fn builtin_file(name: &str) -> Option<PathBuf> {
    let text = crate::games::builtin_source(name)?;
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    let dir = cache.join("relic").join("builtin");
    let file = dir.join(format!("{name}.toml"));
    if std::fs::read_to_string(&file).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(&dir).ok()?;
        write_read_only(&dir, &file, text)?;
    }
    Some(file)
}

/// Writes `text` to `file` read-only (mode 0444 on Unix) without a moment
/// in which it is half written: a temporary file in `dir` (named by the
/// process), made read-only, then renamed over `file` (renaming needs no write
/// permission on the file it replaces).
fn write_read_only(dir: &Path, file: &Path, text: &str) -> Option<()> {
    let name = file.file_name()?.to_string_lossy();
    let temporary = dir.join(format!(".{name}.{}.part", std::process::id()));
    std::fs::write(&temporary, text).ok()?;
    let mut perms = std::fs::metadata(&temporary).ok()?.permissions();
    #[cfg(unix)]
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o444);
    #[cfg(not(unix))]
    perms.set_readonly(true);
    let done =
        std::fs::set_permissions(&temporary, perms).and_then(|_| std::fs::rename(&temporary, file));
    if done.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    done.ok()
}

/// The key at `keys` in the files the ruleset extends, nearest first.
fn in_parents(path: &Path, text: &str, keys: &[Step]) -> Option<(PathBuf, usize, usize)> {
    let mut file = parent_file(path, text)?;
    let names = item_names(&crate::rulebook::tree(text), keys);
    for _ in 0..16 {
        let parent_text = crate::config::read_source(&file).ok()?;
        let root = crate::rulebook::tree(&parent_text);
        if let Some(span) = key_span(&root, keys, &names) {
            return Some((file, span.0, span.1));
        }
        file = parent_file(&file, &parent_text)?;
    }
    None
}

/// The `name` of each array item along `keys` in `root` (to find the same
/// item in a parent by name).
fn item_names(root: &Node, keys: &[Step]) -> Vec<Option<String>> {
    let mut node = Some(root);
    let mut out = Vec::new();
    for step in keys {
        node = node.and_then(|n| match step {
            Step::Key(k) => n.get(k),
            Step::Index(i) => n.items().get(*i),
        });
        let name = node.and_then(Node::name).map(str::to_owned);
        out.push(name.filter(|_| matches!(step, Step::Index(_))));
    }
    out
}

/// The bytes of the key at `keys` in `root`, array items matched by name
/// where `names` has one.
fn key_span(root: &Node, keys: &[Step], names: &[Option<String>]) -> Option<(usize, usize)> {
    let (mut node, mut span) = (root, None);
    for (step, name) in keys.iter().zip(names) {
        match step {
            Step::Key(k) => {
                let entry = node.entry(k)?;
                span = Some((entry.key_at.span.start, entry.key_at.span.end));
                node = &entry.value;
            }
            Step::Index(i) => {
                node = match name {
                    Some(name) => node.item_named(name)?,
                    None => node.items().get(*i)?,
                };
            }
        }
    }
    span
}

/// The `name = "NAME"` value of an item of any array of tables in `root`,
/// other than the one at byte `not`.
fn named(root: &Node, name: &str, not: usize) -> Option<(usize, usize)> {
    for entry in root.entries() {
        for item in entry.value.items() {
            if let Some(value) = item.get("name")
                && matches!(&value.kind, NodeKind::Str(s) if s == name)
                && value.at.span.start != not
            {
                return Some((value.at.span.start, value.at.span.end));
            }
        }
    }
    None
}
