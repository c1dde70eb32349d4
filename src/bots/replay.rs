//! Replays: a RON record of a game (format version, ruleset, board, seed,
//! bot specs and every action) that plays back to the same final state.

use std::fmt;

use miette::Diagnostic;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::BotKind;
use crate::board::{Board, parse_board};
use crate::engine::{Action, Game, IllegalAction};
use crate::rules::{Rules, parse_ruleset};
use crate::text::{TextSession, scoreboard};
use std::io::{self, Write};

/// The replay format version this build writes and reads.
pub const REPLAY_FORMAT: u32 = 1;

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// [`REPLAY_FORMAT`].
    pub format: u32,
    /// The ruleset, as TOML (with `extends` resolved).
    pub ruleset: String,
    /// The board, as GBF.
    pub board: String,
    /// The seed the computer players drew from, if any played.
    pub seed: Option<u64>,
    /// Per seat, in turn order: the bot spec (`greedy`), or `None` for a
    /// person.
    pub bots: Vec<Option<String>>,
    /// Every legal action, in order.
    pub actions: Vec<Action>,
}

/// Why a replay cannot be played back.
#[derive(Debug, Error, Diagnostic)]
pub enum ReplayError {
    /// Not RON of the replay shape.
    #[error("the replay is not readable: {0}")]
    #[diagnostic(
        code(replay::syntax),
        help("a replay is the RON file written by `relic play --record`")
    )]
    Syntax(String),
    /// A newer or unknown format.
    #[error("replay format {0} is not supported (this build reads format {REPLAY_FORMAT})")]
    #[diagnostic(code(replay::format), help("record the game again with this build"))]
    Format(u32),
    /// The embedded ruleset does not load.
    #[error("the replay's ruleset is invalid: {0}")]
    #[diagnostic(
        code(replay::ruleset),
        help("the ruleset text in the replay was changed")
    )]
    Ruleset(String),
    /// The embedded board does not read or does not fit the ruleset.
    #[error("the replay's board is invalid: {0}")]
    #[diagnostic(code(replay::board), help("the board text in the replay was changed"))]
    Board(String),
    /// An action that does not read.
    #[error("action {number} is unreadable: `{text}`")]
    #[diagnostic(
        code(replay::unreadable_action),
        help("the replay was changed at this action")
    )]
    Unreadable {
        /// 1-based number of the action.
        number: usize,
        /// The line.
        text: String,
    },
    /// The file ends inside the action list.
    #[error("the replay is truncated: action {} and the end of the list are missing", after + 1)]
    #[diagnostic(code(replay::truncated), help("the file was cut after action {after}"))]
    Truncated {
        /// Actions read in full.
        after: usize,
    },
    /// An action the game refuses.
    #[error("action {number} (`{action}`) is illegal: {reason}")]
    #[diagnostic(
        code(replay::illegal_action),
        help("the replay was changed or truncated after this point")
    )]
    Illegal {
        /// 1-based number of the action.
        number: usize,
        /// The action.
        action: Action,
        /// The engine's message.
        reason: IllegalAction,
    },
    /// Actions after the end of the game.
    #[error("action {number} (`{action}`) comes after the game ended")]
    #[diagnostic(
        code(replay::after_end),
        help("the replay was changed after the last action")
    )]
    AfterEnd {
        /// 1-based number of the action.
        number: usize,
        /// The action.
        action: Action,
    },
}

impl Replay {
    /// A replay of a game set up from `rules` and `board`.
    pub fn new(
        rules: &Rules,
        board: &Board,
        seed: Option<u64>,
        bots: &[Option<BotKind>],
    ) -> Replay {
        Replay {
            format: REPLAY_FORMAT,
            ruleset: toml::to_string(rules.ruleset()).unwrap_or_default(),
            board: board.to_gbf(),
            seed,
            bots: bots
                .iter()
                .map(|b| b.map(|kind| kind.to_string()))
                .collect(),
            actions: Vec::new(),
        }
    }

    /// The RON text: one field per line and one action per line, so a
    /// damaged file can be read up to the first bad action.
    pub fn to_ron(&self) -> String {
        let value = |v: &dyn erased::Ron| v.ron();
        let mut text = String::from("(\n");
        text += &format!("    format: {},\n", self.format);
        text += &format!("    ruleset: {},\n", value(&self.ruleset));
        text += &format!("    board: {},\n", value(&self.board));
        text += &format!("    seed: {},\n", value(&self.seed));
        text += &format!("    bots: {},\n", value(&self.bots));
        text += ACTIONS_OPEN;
        text += "\n";
        for action in &self.actions {
            text += &format!("        {},\n", value(action));
        }
        text += "    ],\n)\n";
        text
    }

    /// Reads RON text and checks the format version. When the file does
    /// not parse as a whole, reads it action by action to name the first
    /// unreadable (or missing, when truncated) action.
    pub fn from_ron(text: &str) -> Result<Replay, ReplayError> {
        let replay: Replay = match ron::from_str(text) {
            Ok(replay) => replay,
            Err(error) => {
                return Err(locate_damage(text).unwrap_or(ReplayError::Syntax(error.to_string())));
            }
        };
        if replay.format != REPLAY_FORMAT {
            return Err(ReplayError::Format(replay.format));
        }
        Ok(replay)
    }

    /// The game before the first action.
    pub fn initial_game(&self) -> Result<Game, ReplayError> {
        let ruleset = parse_ruleset(&self.ruleset, "replay", None)
            .map_err(|e| ReplayError::Ruleset(e.render(80).trim().to_string()))?;
        let rules = std::sync::Arc::new(Rules::new(ruleset));
        let board = parse_board(&self.board, &rules.limits()).map_err(|problems| {
            let first = problems
                .first()
                .map(ToString::to_string)
                .unwrap_or_default();
            ReplayError::Board(first)
        })?;
        Game::new(rules, &board).map_err(|e| ReplayError::Board(e.to_string()))
    }

    /// Plays the first `count` actions (all when `None`), checking each.
    pub fn play(&self, count: Option<usize>) -> Result<Game, ReplayError> {
        let mut game = self.initial_game()?;
        let count = count.unwrap_or(self.actions.len());
        for (index, &action) in self.actions.iter().take(count).enumerate() {
            apply_checked(&mut game, index + 1, action)?;
        }
        Ok(game)
    }
}

/// The line that opens the action list.
const ACTIONS_OPEN: &str = "    actions: [";

mod erased {
    /// Any serializable value as RON on one line.
    pub trait Ron {
        fn ron(&self) -> String;
    }

    impl<T: serde::Serialize> Ron for T {
        fn ron(&self) -> String {
            ron::to_string(self).unwrap_or_default()
        }
    }
}

/// For a file that does not parse: if its header does, the first action
/// line that does not, or the end of a truncated action list.
fn locate_damage(text: &str) -> Option<ReplayError> {
    let start = text.find(ACTIONS_OPEN)?;
    let header = format!("{}    actions: [],\n)", &text[..start]);
    let replay: Replay = ron::from_str(&header).ok()?;
    if replay.format != REPLAY_FORMAT {
        return Some(ReplayError::Format(replay.format));
    }
    let mut lines = text[start + ACTIONS_OPEN.len()..].lines().map(str::trim);
    let mut number = 0;
    for line in lines.by_ref().filter(|l| !l.is_empty()) {
        if line.starts_with(']') {
            return None;
        }
        number += 1;
        let item = line.strip_suffix(',').unwrap_or(line);
        if ron::from_str::<Action>(item).is_err() {
            return Some(ReplayError::Unreadable {
                number,
                text: line.chars().take(60).collect(),
            });
        }
    }
    Some(ReplayError::Truncated { after: number })
}

/// Applies action number `number`, or says why it is bad.
pub fn apply_checked(game: &mut Game, number: usize, action: Action) -> Result<(), ReplayError> {
    if game.is_over() {
        return Err(ReplayError::AfterEnd { number, action });
    }
    game.apply(action)
        .map(|_| ())
        .map_err(|reason| ReplayError::Illegal {
            number,
            action,
            reason,
        })
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_ron())
    }
}

/// Prints the game as the text mode would, each recorded input echoed
/// after the prompt, up to `to` actions; the first bad action stops it.
pub fn play_back<W: Write>(
    replay: &Replay,
    to: Option<usize>,
    out: W,
) -> io::Result<Result<(), ReplayError>> {
    let game = match replay.initial_game() {
        Ok(game) => game,
        Err(error) => return Ok(Err(error)),
    };
    let mut session = TextSession::new(game, out);
    session.start()?;
    let count = to.unwrap_or(replay.actions.len()).min(replay.actions.len());
    for (index, &action) in replay.actions.iter().take(count).enumerate() {
        let mut check = session.game().clone();
        if let Err(error) = apply_checked(&mut check, index + 1, action) {
            return Ok(Err(error));
        }
        let input = action.to_string();
        let (game, mut out) = session.into_parts();
        writeln!(out, "{input}")?;
        session = TextSession::new(game, out);
        session.handle_action(action, &input)?;
    }
    if !session.game().is_over() {
        let summary = format!(
            "\nEnd of replay after {count} of {} actions.\n{}",
            replay.actions.len(),
            scoreboard(session.game())
        );
        let (_, mut out) = session.into_parts();
        out.write_all(summary.as_bytes())?;
        out.flush()?;
    }
    Ok(Ok(()))
}
