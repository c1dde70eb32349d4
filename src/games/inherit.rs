//! Which game a ruleset without a `game` key is for: the game of the
//! ruleset its `extends` names, so that `extends = "connect-four"` alone
//! makes a Connect Four variant; and the problem of a `game` key that
//! says one game while `extends` names a ruleset of another.

use std::path::{Path, PathBuf};

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use super::GameId;
use super::registry::builtins_of;
use crate::config::read_source;
use crate::config::tree::{Node, NodeKind};
use crate::config::validate::source_span;

/// How many files without a `game` key are followed (as deep as the
/// loader follows `extends`).
const MAX_FOLLOWED: usize = crate::config::MAX_DEPTH;

/// What a ruleset's `extends` names and the game that ruleset is for.
pub(super) struct Parent {
    /// The game of the extended ruleset.
    pub game: GameId,
    /// The name as written.
    name: String,
    /// Where it is written.
    at: SourceSpan,
    /// Whether the game is the extended ruleset's own `game` key (or a
    /// built-in's), rather than the default of a file without one.
    declared: bool,
}

/// A ruleset whose `game` key names one game while `extends` names a
/// ruleset of another.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("this ruleset is for `{ours}`, but `extends` names `{name}`, a `{theirs}` ruleset")]
#[diagnostic(code(rules::extends::other_game), help("{help}"))]
pub struct ExtendsOtherGame {
    /// The name `extends` gives.
    pub name: String,
    /// The game this ruleset's `game` key names.
    pub ours: &'static str,
    /// The game of the ruleset `extends` names.
    pub theirs: &'static str,
    /// The `extends` value.
    #[label("a `{theirs}` ruleset")]
    pub at: SourceSpan,
    /// What to do instead.
    pub help: String,
}

impl Parent {
    /// Whether a ruleset for `ours` may extend this one: one of the same
    /// game, or a core ruleset extending a built-in vocabulary or Moving
    /// Maze ruleset in its core form ([`super::builtin_core_source`]).
    pub(super) fn fits(&self, ours: GameId) -> bool {
        self.game == ours
            || (ours == GameId::Core
                && matches!(
                    self.game,
                    GameId::Vocabulary | GameId::MovingMaze | GameId::Escape
                )
                && super::builtin_core_source(&self.name).is_some())
    }

    /// The problem of a ruleset for `ours` extending this one.
    pub(super) fn mismatch(self, ours: GameId) -> ExtendsOtherGame {
        let why = match self.declared {
            true => format!("`{}` says `game = \"{}\"`", self.name, self.game.name()),
            false => format!(
                "`{}` has no `game` key, so it is a `{}` ruleset",
                self.name,
                self.game.name()
            ),
        };
        let help = format!(
            "a ruleset extends one of its own game ({why}): remove this file's `game` key to make a `{}` ruleset, or extend a `{}` ruleset",
            self.game.name(),
            ours.name()
        );
        ExtendsOtherGame {
            name: self.name,
            ours: ours.name(),
            theirs: self.game.name(),
            at: self.at,
            help,
        }
    }
}

/// The game of the ruleset that ruleset TOML `source` extends (a
/// relative path starts at `base`), or `None` when it extends nothing or
/// what it names cannot be read (the loader then says why).
pub(super) fn extended_game(source: &str, base: Option<&Path>) -> Option<Parent> {
    let (name, at) = extends_of(source)?;
    let (game, declared) = game_of_named(&name, base, MAX_FOLLOWED)?;
    Some(Parent {
        game,
        name,
        at: source_span(at),
        declared,
    })
}

/// The `extends` value of `source` and where it is written.
fn extends_of(source: &str) -> Option<(String, crate::config::tree::Origin)> {
    let (document, _) = toml::de::DeTable::parse_recoverable(source);
    let root = Node::from_document(&document, 0);
    let node = root.get("extends")?;
    match &node.kind {
        NodeKind::Str(name) => Some((name.clone(), node.at)),
        _ => None,
    }
}

/// The game of the ruleset `name` (a built-in, or a file relative to
/// `base`) and whether it says so itself.
fn game_of_named(name: &str, base: Option<&Path>, left: usize) -> Option<(GameId, bool)> {
    if let Some(&id) = GameId::ALL
        .iter()
        .find(|&&id| builtins_of(id).iter().any(|(n, _)| *n == name))
    {
        return Some((id, true));
    }
    let path: PathBuf = base.unwrap_or(Path::new("")).join(name);
    let text = read_source(&path).ok()?;
    if let Some((game, _)) = super::game_key(&text) {
        return GameId::from_name(&game).map(|id| (id, true));
    }
    match extends_of(&text) {
        Some((next, _)) if left > 0 => game_of_named(&next, path.parent(), left - 1),
        Some(_) => None,
        None => Some((GameId::default(), false)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_in_of_any_game_gives_its_game() {
        let parent = extended_game("extends = \"connect-four\"\n", None).unwrap();
        assert_eq!(parent.game, GameId::Vocabulary);
        assert!(parent.declared);
        assert!(extended_game("name = \"x\"\n", None).is_none());
        assert!(extended_game("extends = \"no-such-ruleset\"\n", None).is_none());
    }

    #[test]
    fn a_mismatch_names_both_games() {
        let parent = extended_game("extends = \"connect-four\"\n", None).unwrap();
        let problem = parent.mismatch(GameId::MovingMaze);
        assert_eq!(problem.ours, "moving-maze");
        assert_eq!(problem.theirs, "vocabulary");
        assert!(
            problem
                .help
                .contains("`connect-four` says `game = \"vocabulary\"`")
        );
    }
}
