//! Reading typed actions: the quick check of an action typed as the game
//! writes it, and other spellings of the turn's actions (`spellings`): an
//! action the turn's rules do not list, but the spelling rules do, is read
//! as the turn's action that leaves the same position.

use super::CoreGame;
use crate::contract::Game;
use crate::lang::action::Action;
use crate::lang::beneath::Beneath;
use crate::lang::machine::Machine;
use crate::lang::program::Op;

/// Where a way of the rules ends: the cells, the pieces beneath them, the
/// variables, and the instruction that ends the turn.
struct End {
    cells: Vec<u8>,
    below: Beneath,
    vars: Vec<i32>,
    ending: Option<Op>,
}

impl End {
    fn of(m: &Machine) -> End {
        let mut below = Beneath::default();
        m.below_into(&mut below);
        End {
            cells: m.cells().to_vec(),
            below,
            vars: m.vars().to_vec(),
            ending: m.ending,
        }
    }

    fn same(&self, other: &End) -> bool {
        self.cells == other.cells
            && self.below.same_stacks(&other.below)
            && self.vars == other.vars
            && self.ending == other.ending
    }
}

impl CoreGame {
    /// Whether `action`, read from `text`, is one of the turn's actions
    /// written exactly as `text`: what `parse_action` checks before it
    /// writes every listed action out to compare it with `text` (a turn
    /// of Connect6 lists 64,620).
    pub(super) fn lists_as_written(&self, action: &Action, text: &str) -> bool {
        if self.status().is_over() || action.is_quit() {
            return false;
        }
        let Ok(listing) = self.listing() else {
            return false;
        };
        listing.actions.contains(action)
            && !self.repeats(action)
            && action.write(self.program()) == text
    }

    /// The turn's action that `typed` spells otherwise: when the ruleset
    /// has `spellings`, these rules list `typed`, and exactly one legal
    /// action leaves the same position.
    pub(super) fn respelled(&self, typed: &Action) -> Option<Action> {
        let start = self.program().spellings?;
        let target = {
            let mut m = self.machine();
            (m.find_from(start, typed) && m.fault.is_none()).then(|| End::of(&m))?
        };
        let mut same = (self.legal_actions().into_iter()).filter(|action| {
            let mut m = self.machine();
            m.find(action) && End::of(&m).same(&target)
        });
        let action = same.next()?;
        same.next().is_none().then_some(action)
    }

    /// Whether `parts` begin (or are) an action the `spellings` rules
    /// list here.
    pub(super) fn spelling_begins_with(&self, parts: &[u16]) -> bool {
        let Some(start) = self.program().spellings else {
            return false;
        };
        let mut spelled = Vec::new();
        self.machine().collect_from(start, &mut spelled);
        spelled.iter().any(|a| a.parts().starts_with(parts))
    }
}
