//! `relic rules explain`: the rules of any ruleset in plain English,
//! generated from the ruleset itself (as Ludii words its games from their
//! ludemes): what kind of game it is, a short account of how it plays,
//! then every table of the resolved ruleset with what each key and each
//! chosen word means (from the game's schema, the same words as
//! `rulesets/README.md` and the editor's hover), and for a ruleset that
//! `extends` another, each difference from the game it extends.
//!
//! ```
//! let text = relic::rulebook::explain_arg("two-players".as_ref()).unwrap();
//! assert!(text.starts_with("# Moving Maze for two"));
//! assert!(text.contains("## Differences from Moving Maze"));
//! assert!(text.contains("`turn_order`"));
//! ```

mod diff;
mod lead;
pub mod schema_doc;
mod words;

use std::path::Path;

pub use diff::{Difference, differences};
use schema_doc::{SchemaDoc, Step};

use crate::config::RulesetFailure;
use crate::config::tree::{Node, NodeKind};
use crate::games::{GameId, GameRules, Setup, builtin_source, resolve_game_rules};

/// The ruleset `arg` names (a file, or a built-in name) explained; with
/// the differences from the ruleset it extends. Fails as `relic rules
/// check` would when the ruleset does not load.
pub fn explain_arg(arg: &Path) -> Result<String, RulesetFailure> {
    let rules = resolve_game_rules(arg)?;
    // A core ruleset extending a vocabulary, Moving Maze or Escape
    // built-in extends its core form (on the default board or
    // configuration).
    let parent = parent_of(arg).map(|(name, parent)| match (rules.id(), parent.id()) {
        (GameId::Core, GameId::Vocabulary | GameId::MovingMaze | GameId::Escape) => {
            let core = parent.in_core_on(&Setup::Default).map(|(core, _)| core);
            (name, core.unwrap_or(parent))
        }
        _ => (name, parent),
    });
    Ok(explain(
        &rules,
        parent.as_ref().map(|(n, r)| (n.as_str(), r)),
    ))
}

/// The `extends` value of the ruleset `arg` names and the rules it
/// resolves to, if it extends one that loads.
fn parent_of(arg: &Path) -> Option<(String, GameRules)> {
    let (source, base) = match arg.exists() {
        true => (
            crate::config::read_source(arg).ok()?,
            arg.parent().map(Path::to_path_buf),
        ),
        false => (builtin_source(&arg.to_string_lossy())?.to_owned(), None),
    };
    let extends = match &tree(&source).get("extends")?.kind {
        NodeKind::Str(name) => name.clone(),
        _ => return None,
    };
    let beside = base.map(|b| b.join(&extends)).filter(|p| p.exists());
    let rules = resolve_game_rules(beside.as_deref().unwrap_or(Path::new(&extends))).ok()?;
    Some((extends, rules))
}

/// The spanned tree of TOML `source` (what parses of it), every table's
/// keys in the order they are written.
pub(crate) fn tree(source: &str) -> Node {
    let (document, _) = toml::de::DeTable::parse_recoverable(source);
    let mut root = Node::from_document(&document, 0);
    in_written_order(&mut root);
    root
}

fn in_written_order(node: &mut Node) {
    match &mut node.kind {
        NodeKind::Table(entries) => {
            entries.sort_by_key(|e| e.key_at.span.start);
            entries
                .iter_mut()
                .for_each(|e| in_written_order(&mut e.value));
        }
        NodeKind::Array(items) => items.iter_mut().for_each(in_written_order),
        _ => {}
    }
}

/// `rules` explained (Markdown); with `parent` (its `extends` value and
/// rules), the differences from it.
pub fn explain(rules: &GameRules, parent: Option<(&str, &GameRules)>) -> String {
    let doc = SchemaDoc::of(rules.id());
    let root = tree(&rules.resolved_toml());
    let mut out = format!("# {}\n\n", rules.name());
    if !rules.description().is_empty() {
        out += &format!("{}\n\n", rules.description());
    }
    out += &format!("{}\n\n", family(rules.id()));
    if let Some(lead) = lead::lead(rules.id(), &root) {
        out += &format!("## In short\n\n{lead}\n\n");
    }
    sections(&doc, rules.id(), &root, &mut out);
    if let Some((extends, parent)) = parent {
        let expanded = tree(&compared_toml(rules));
        differences_section(&doc, &expanded, extends, parent, &mut out);
    }
    out.trim_end().to_owned() + "\n"
}

/// What kind of game `game` is, in a sentence or two.
fn family(game: GameId) -> &'static str {
    match game {
        GameId::MovingMaze => {
            "A Moving Maze game (`game = \"moving-maze\"`): on a turn a player slides the floating tile into the maze, then walks their adventurer along open paths, to collect their relics and get back home. Its board is a GBF file."
        }
        GameId::Vocabulary => {
            "A game of the shared vocabulary (`game = \"vocabulary\"`): the ruleset is the whole game, its board, pieces, actions and how it ends."
        }
        GameId::WalkerPhysics => {
            "A one-player walker game (`game = \"walker-physics\"`): the actor walks, digs and pushes through a grid of kinds of square, and after each move the squares obey the physics rules below. Its setup is a board text."
        }
        GameId::WalkerLevels => {
            "A one-player level-walking game (`game = \"walker-levels\"`): the actor walks through the levels of a level file, with stats, items and cells that change as it goes."
        }
        GameId::Core => {
            "A game of the core rules language (`game = \"core\"`): a board of cells and directions, pieces, variables, and one rules expression (a regular expression over elementary actions: moving the cursor, testing and setting cells, variables, marks, switching the player) whose paths are the legal actions."
        }
        GameId::Escape => {
            "An Escape game (`game = \"escape\"`): players move their pieces onto exits to score. The configuration file (`.egc`) sets the board, the pieces and which rule words apply; the ruleset says what each location and rule word means."
        }
    }
}

/// One section per top-level table (and one, first, for the top-level
/// keys that are not tables).
fn sections(doc: &SchemaDoc, game: GameId, root: &Node, out: &mut String) {
    let mut writer = words::Writer {
        doc,
        seen: Default::default(),
    };
    let own = ["name", "description", "game", "extends"];
    let (general, tables): (Vec<_>, Vec<_>) = (root.entries().iter())
        .filter(|e| !own.contains(&e.key.as_str()))
        .filter(|e| !matches!(&e.value.kind, NodeKind::Table(t) if t.is_empty()))
        .partition(|e| !words::holds_tables(&e.value));
    if !general.is_empty() {
        *out += "## General\n\n";
        for entry in general {
            let mut path = vec![Step::Key(entry.key.clone())];
            writer.value_lines(&mut path, &entry.key, &entry.value, 0, out);
        }
        *out += "\n";
    }
    for entry in tables {
        let mut path = vec![Step::Key(entry.key.clone())];
        *out += &format!("## {}\n\n", words::heading(game, &entry.key));
        if let Some(summary) = doc.summary(&path).filter(|s| !s.is_empty()) {
            *out += &format!("{summary}\n\n");
        }
        match &entry.value.kind {
            NodeKind::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    let name = words::item_name(item).unwrap_or_else(|| (i + 1).to_string());
                    *out += &format!("### {name}\n\n");
                    writer.entries(&mut path, item, 0, out);
                    *out += "\n";
                    path.pop();
                }
            }
            _ => {
                writer.entries(&mut path, &entry.value, 0, out);
                *out += "\n";
            }
        }
    }
}

/// The form of a ruleset two are compared in: every default written out
/// (Moving Maze's own form already writes every key; its expanded form is
/// the vocabulary's tables).
fn compared_toml(rules: &GameRules) -> String {
    match rules.id() {
        // A core ruleset's expanded form inlines its macros: its
        // differences are read from the macros as written.
        GameId::MovingMaze | GameId::Core => rules.resolved_toml(),
        _ => rules.expanded_toml(),
    }
}

fn differences_section(
    doc: &SchemaDoc,
    root: &Node,
    extends: &str,
    parent: &GameRules,
    out: &mut String,
) {
    let parent_root = tree(&compared_toml(parent));
    *out += &format!(
        "## Differences from {} (`extends = \"{extends}\"`)\n\n",
        parent.name()
    );
    let found = differences(doc, root, &parent_root);
    if found.is_empty() {
        *out += "None: it plays exactly as the game it extends (only its name and description differ).\n";
    }
    for difference in found {
        *out += &difference.line;
        *out += "\n";
    }
}

#[cfg(test)]
mod tests;
