//! How one step of a walker action is judged: [`judge`] is the one place
//! a step's legality is decided, for taking actions ([`super::state`])
//! and for listing them ([`super::legal`]).

use super::events::Action;
use super::events::Reason;
use super::program::{ActionDef, Program};
use super::schema::{DigRule, Mode};

/// A square as a step sees it.
#[derive(Clone, Copy)]
pub(super) struct Square {
    pub(super) at: (i32, i32),
    pub(super) kind: u8,
    pub(super) outside: bool,
}

/// What a step does, once judged possible.
#[derive(Clone, Copy)]
pub(super) enum Effect {
    /// The actor enters the square, taking or digging what is there.
    Enter,
    /// The actor pushes the piece there one square on and follows it.
    Push(u8),
}

/// Whether step `step` of `action` may go from where the actor stands
/// into `at` (with `beyond` the square after it), and what it does: the
/// one place a step is judged, for taking actions and for listing them.
#[inline]
pub(super) fn judge(
    def: &ActionDef,
    program: &Program,
    action: &Action,
    step: u8,
    last: bool,
    at: Square,
    beyond: Square,
) -> Result<Effect, Reason> {
    let k = &program.kinds[at.kind as usize];
    let (kind, outside) = (at.kind, at.outside);
    let name = String::new();
    let ok = match def.mode {
        Mode::Walk => k.passable,
        Mode::Dig if def.dig == DigRule::Last && !last => k.diggable || k.passable,
        Mode::Dig => k.diggable,
        Mode::Push => return judge_push(program, action, step, at, beyond),
        Mode::End => unreachable!("end actions take no steps"),
    };
    match (ok && !outside, def.mode) {
        (true, _) => Ok(Effect::Enter),
        (false, Mode::Walk) => Err(Reason::Blocked {
            step,
            last,
            at: at.at,
            kind,
            outside,
            name,
        }),
        (false, _) => Err(Reason::NotDiggable {
            step,
            at: at.at,
            kind,
            outside,
            name,
        }),
    }
}

fn judge_push(
    program: &Program,
    action: &Action,
    step: u8,
    at: Square,
    beyond: Square,
) -> Result<Effect, Reason> {
    let kinds = &program.kinds;
    let name = String::new();
    if at.outside || !kinds[at.kind as usize].pushable[action.direction as usize] {
        let (kind, outside) = (at.kind, at.outside);
        return Err(Reason::NothingToPush {
            step,
            at: at.at,
            kind,
            outside,
            name,
        });
    }
    let (kind, outside) = (beyond.kind, beyond.outside);
    if !outside && kinds[kind as usize].pushable.contains(&true) {
        return Err(Reason::PushTooMany {
            step,
            at: beyond.at,
            kind,
            name,
        });
    }
    if outside || kind != program.empty {
        return Err(Reason::PushBlocked {
            step,
            at: beyond.at,
            kind,
            outside,
            name,
        });
    }
    Ok(Effect::Push(at.kind))
}
