//! Penalties (`[[penalty]]`): what a refused action costs instead of being
//! refused, the general form of "an illegal action loses the turn". Each
//! entry names an action in the game's notation (checked at load, with
//! `core::penalty`), optionally only for refused actions whose notation
//! starts with `when`; a refused action is replaced by the first entry
//! that matches it and is legal in the position.

use super::action::Action;
use super::error::CoreError;
use super::game::CoreGame;
use super::locate::{Found, Locator};
use super::program::Program;
use super::schema::PenaltySpec;
use crate::config::tree::Step;
use crate::contract::Game;

/// The penalties of `specs` read in `program`'s notation; a problem for
/// every action that does not read.
pub fn penalties(
    specs: &[PenaltySpec],
    program: &Program,
    loc: &Locator,
    out: &mut Vec<Found>,
) -> Vec<(String, Vec<u16>)> {
    let mut read = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        match Action::read(program, &spec.action) {
            Some(action) if !action.is_quit() => read.push((
                spec.when.clone().unwrap_or_default(),
                action.parts().to_vec(),
            )),
            _ => {
                let (file, span) =
                    loc.at(&[Step::Key("penalty"), Step::At(i), Step::Key("action")]);
                let action = spec.action.clone();
                out.push((file, CoreError::Penalty { action, span }));
            }
        }
    }
    read
}

impl CoreGame {
    /// The action played instead of `refused` under the ruleset's
    /// `[[penalty]]`, if one matches and is legal here.
    ///
    /// ```
    /// use relic::contract::Game;
    /// use relic::lang::{CoreGame, parse_core_resolved};
    /// let text = r#"
    /// game = "core"
    /// name = "Forfeits"
    /// players = ["x", "o"]
    /// rules = "any {empty} [stone] mark ->next | mark(forfeit) ->next"
    /// [board]
    /// width = 2
    /// height = 1
    /// [[kinds]]
    /// name = "stone"
    /// glyphs = ["X", "O"]
    /// [[penalty]]
    /// action = "forfeit"
    /// "#;
    /// let (_, program) = parse_core_resolved(text, "forfeits.toml", None).unwrap();
    /// let mut game = CoreGame::new(program);
    /// game.apply(&game.parse_action("a1").unwrap()).unwrap();
    /// let again = game.parse_action("a1").unwrap();
    /// assert!(game.apply(&again).is_err());
    /// let lost = game.penalty_for(&again).unwrap();
    /// assert_eq!(game.write_action(&lost), "forfeit");
    /// ```
    pub fn penalty_for(&self, refused: &Action) -> Option<Action> {
        let program = self.program();
        if program.penalty.is_empty() || self.status().is_over() || refused.is_quit() {
            return None;
        }
        let text = refused.write(program);
        let legal = self.legal_actions();
        (program.penalty.iter())
            .map(|(when, parts)| (when, Action::of(parts)))
            .find(|(when, action)| text.starts_with(when.as_str()) && legal.contains(action))
            .map(|(_, action)| action)
    }
}
