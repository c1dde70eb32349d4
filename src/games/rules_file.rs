//! The front door for rulesets: read a file (or a built-in name), pick the
//! game from its top-level `game` key before any game-specific parsing,
//! and hand the text to that game's loader.

use std::path::Path;

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

use super::registry::{builtins_of, load_as, parse_as};
use super::{GameId, GameRules};
use crate::config::tree::{Node, NodeKind};
use crate::config::validate::{source_span, suggestion_help};
use crate::config::{RulesetError, RulesetFailure, read_source as read_ruleset_source};
use crate::diagnostics::FileReport;

/// A ruleset whose `game` key names no game relic knows.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("unknown game `{name}`")]
#[diagnostic(code(rules::game::unknown), help("{help}"))]
pub struct UnknownGame {
    /// The value written.
    pub name: String,
    /// Where it is written.
    #[label("no game has this name")]
    pub at: SourceSpan,
    /// The games there are, with the closest first.
    pub help: String,
}

/// The top-level `game` key of ruleset TOML as written, and where: `None`
/// when the key is absent, is not a string, or the text is not TOML far
/// enough to tell (the game's loader then reports the problem).
///
/// ```
/// let (name, _) = relic::games::game_key("game = \"vocabulary\"\n").unwrap();
/// assert_eq!(name, "vocabulary");
/// assert!(relic::games::game_key("name = \"Moving Maze\"\n").is_none());
/// ```
pub fn game_key(source: &str) -> Option<(String, SourceSpan)> {
    let (document, _) = toml::de::DeTable::parse_recoverable(source);
    let root = Node::from_document(&document, 0);
    let node = root.get("game")?;
    match &node.kind {
        NodeKind::Str(name) => Some((name.clone(), source_span(node.at))),
        _ => None,
    }
}

/// The game ruleset TOML is for: its `game` key, else the game of the
/// ruleset its `extends` names (a built-in of any game, or a file relative
/// to `base`, followed the same way), else `moving-maze`; or the problem
/// with an unknown name or with a `game` key that differs from the game of
/// what it extends.
fn game_of(source: &str, base: Option<&Path>) -> Result<GameId, Box<dyn Diagnostic + Send + Sync>> {
    let parent = super::inherit::extended_game(source, base);
    let Some((name, at)) = game_key(source) else {
        return Ok(parent.map_or(GameId::default(), |p| p.game));
    };
    let Some(id) = GameId::from_name(&name) else {
        let names: Vec<&str> = GameId::ALL.iter().map(|id| id.name()).collect();
        let help = suggestion_help(&name, "the games are", &names);
        return Err(Box::new(UnknownGame { help, name, at }));
    };
    match parent {
        Some(parent) if !parent.fits(id) => Err(Box::new(parent.mismatch(id))),
        _ => Ok(id),
    }
}

/// Every built-in ruleset name, game by game.
///
/// ```
/// let names = relic::games::builtin_names();
/// assert!(names.contains(&"moving-maze") && names.contains(&"connect-four"));
/// ```
pub fn builtin_names() -> Vec<&'static str> {
    GameId::ALL
        .iter()
        .flat_map(|&id| builtins_of(id).iter().map(|(name, _)| *name))
        .collect()
}

/// The TOML text of the built-in ruleset `name` of any game.
///
/// ```
/// let text = relic::games::builtin_source("two-players").unwrap();
/// assert!(text.contains("extends = \"moving-maze\""));
/// assert!(relic::games::builtin_source("no-such-game").is_none());
/// ```
pub fn builtin_source(name: &str) -> Option<&'static str> {
    GameId::ALL.iter().find_map(|&id| {
        let (_, source) = builtins_of(id).iter().find(|(n, _)| *n == name)?;
        Some(*source)
    })
}

/// The built-in ruleset `name` of any game, loaded by that game.
///
/// ```
/// use relic::games::{GameId, builtin_game_rules};
/// let rules = builtin_game_rules("tic-tac-toe").unwrap().unwrap();
/// assert_eq!(rules.id(), GameId::Vocabulary);
/// assert!(builtin_game_rules("no-such-game").is_none());
/// ```
pub fn builtin_game_rules(name: &str) -> Option<Result<GameRules, RulesetFailure>> {
    GameId::ALL.iter().find_map(|&id| {
        let (_, source) = builtins_of(id).iter().find(|(n, _)| *n == name)?;
        Some(parse_as(id, source, &format!("{name} (built-in)"), None))
    })
}

/// Checks ruleset TOML shown as `name` with the loader of the game its
/// `game` key names; relative `extends` paths start at `base`.
///
/// ```
/// use relic::games::{GameId, parse_game_rules};
/// let toml = "game = \"vocabulary\"\nextends = \"tic-tac-toe\"\n";
/// assert_eq!(parse_game_rules(toml, "mine.toml", None).unwrap().id(), GameId::Vocabulary);
/// let typo = parse_game_rules("game = \"vocabulry\"\n", "typo.toml", None).unwrap_err();
/// assert!(typo.render(80).contains("did you mean `vocabulary`?"));
/// ```
pub fn parse_game_rules(
    source: &str,
    name: &str,
    base: Option<&Path>,
) -> Result<GameRules, RulesetFailure> {
    let id = game_of(source, base).map_err(|problem| failure(name, source, problem))?;
    parse_as(id, source, name, base).map_err(|f| super::game_hint::with_game_hint(f, name, source))
}

/// Reads the ruleset file at `path` and loads it with the game its `game`
/// key names (when it has none, the game of what it extends, else
/// `moving-maze`).
pub fn load_game_rules(path: &Path) -> Result<GameRules, RulesetFailure> {
    let name = path.display().to_string();
    let Ok(source) = read_ruleset_source(path) else {
        // The default game's loader reports why the file cannot be read.
        return load_as(GameId::default(), path);
    };
    let id = game_of(&source, path.parent()).map_err(|problem| failure(&name, &source, problem))?;
    load_as(id, path).map_err(|f| super::game_hint::with_game_hint(f, &name, &source))
}

/// What `--ruleset ARG` names: the file `arg`, or the built-in ruleset of
/// that name (of any game) when no file has it.
///
/// ```
/// use relic::games::{GameId, resolve_game_rules};
/// let rules = resolve_game_rules("connect-four".as_ref()).unwrap();
/// assert_eq!(rules.id(), GameId::Vocabulary);
/// let missing = resolve_game_rules("conect-four".as_ref()).unwrap_err();
/// assert!(missing.render(80).contains("did you mean `connect-four`?"));
/// ```
pub fn resolve_game_rules(arg: &Path) -> Result<GameRules, RulesetFailure> {
    if !arg.exists() {
        let shown = arg.to_string_lossy();
        if let Some(builtin) = builtin_game_rules(&shown) {
            return builtin;
        }
        return Err(not_found(&shown));
    }
    load_game_rules(arg)
}

/// A ruleset that is neither a file nor a built-in name.
fn not_found(shown: &str) -> RulesetFailure {
    let names = builtin_names();
    let builtins = suggestion_help(shown, "the built-in rulesets are", &names);
    let problem = RulesetError::Unreadable {
        path: shown.to_owned(),
        reason: "no such file".to_owned(),
        help: format!("{builtins}; or check the path"),
    };
    RulesetFailure {
        reports: vec![FileReport {
            path: shown.to_owned(),
            source: String::new(),
            problems: vec![Box::new(problem)],
        }],
        unreadable: true,
    }
}

fn failure(name: &str, source: &str, problem: Box<dyn Diagnostic + Send + Sync>) -> RulesetFailure {
    RulesetFailure {
        reports: vec![FileReport {
            path: name.to_owned(),
            source: source.to_owned(),
            problems: vec![problem],
        }],
        unreadable: false,
    }
}

/// A ruleset of one game given to a command or mode that only some other
/// games have (`relic solve` with a vocabulary ruleset, for example).
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
#[error("{what} is for {games} only, and this ruleset is for `{game}`")]
#[diagnostic(code(rules::game::unsupported), help("{help}"))]
pub struct WrongGame {
    /// The command or mode, for example `relic solve`.
    pub what: String,
    /// The game the ruleset is for.
    pub game: &'static str,
    /// The games the command or mode is for, in words.
    pub games: &'static str,
    /// What to give instead.
    pub help: String,
}

impl WrongGame {
    /// The failure of loading ruleset `path` (of game `game`) for `what`.
    ///
    /// ```
    /// use relic::games::{GameId, WrongGame};
    /// let failure = WrongGame::failure("c4.toml", GameId::Vocabulary, "relic solve");
    /// assert!(failure.render(80).contains("relic solve is for Moving Maze only"));
    /// ```
    pub fn failure(path: &str, game: GameId, what: &str) -> RulesetFailure {
        let help = "give a Moving Maze ruleset (no `game` key, or `game = \"moving-maze\"`)";
        WrongGame::failure_for(path, game, what, "Moving Maze", help)
    }

    /// The failure of loading ruleset `path` (of game `game`) for `what`,
    /// which is for `games` only; `help` says what to give instead.
    ///
    /// ```
    /// use relic::games::{GameId, WrongGame};
    /// let help = "check a vocabulary ruleset with `relic rules check`";
    /// let failure = WrongGame::failure_for("c4.toml", GameId::Vocabulary, "relic check", "setup files", help);
    /// assert!(failure.render(80).contains("relic check is for setup files only"));
    /// ```
    pub fn failure_for(
        path: &str,
        game: GameId,
        what: &str,
        games: &'static str,
        help: &str,
    ) -> RulesetFailure {
        let problem = WrongGame {
            what: what.to_owned(),
            game: game.name(),
            games,
            help: help.to_owned(),
        };
        RulesetFailure {
            reports: vec![FileReport {
                path: path.to_owned(),
                source: String::new(),
                problems: vec![Box::new(problem)],
            }],
            unreadable: false,
        }
    }
}
