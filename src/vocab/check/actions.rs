//! Checks of action rules: kinds they name, keys that mean nothing for
//! their mechanic, targets, contradictions with stacking, and rules that
//! can never act.

use super::{Checker, Step::At, Step::Key};
use crate::vocab::compile::setup_tokens;
use crate::vocab::error::VocabError;
use crate::vocab::schema::*;

impl Checker<'_> {
    pub(super) fn actions(&mut self) {
        let r = self.ruleset;
        for (a, action) in r.actions.iter().enumerate() {
            self.unused_keys(a, action);
            for (k, name) in action.kinds.iter().enumerate() {
                self.kind_name(&[Key("actions"), At(a), Key("kinds"), At(k)], name);
            }
            if action.onto == Some(Onto::Cover) && r.stacking.cover == Cover::None {
                let message = format!(
                    "action `{}` covers pieces, but `stacking.cover` is `none`",
                    action.name
                );
                let help =
                    "set `[stacking] cover = \"larger\"` (or `\"any\"`), or use `onto = \"empty\"`";
                self.contradiction(
                    &[Key("actions"), At(a), Key("onto")],
                    message,
                    "covers",
                    help,
                );
            }
            self.never_acts(a, action);
            self.browser_key(a, action);
        }
        if r.actions.iter().all(|a| a.mechanic == Mechanic::Pass) {
            let message = "no action ever changes the board: every action passes".to_owned();
            self.never(&[Key("actions")], message, "add a `place` or `move` action");
        }
    }

    fn unused_keys(&mut self, a: usize, action: &ActionSpec) {
        let effect = is_effect(action.mechanic);
        let keys = key_users(action);
        let mechanic = crate::vocab::compile::kebab(action.mechanic);
        for (key, unused, users) in keys {
            if unused {
                let (file, span) = self.at(&[Key("actions"), At(a), Key(key)]);
                let help = format!("`{key}` is used by {users} actions; remove it here");
                self.push(
                    file,
                    VocabError::KeyUnused {
                        key: key.into(),
                        mechanic: mechanic.clone(),
                        span,
                        help,
                    },
                );
            }
        }
        self.effect_onto(a, action, effect);
        if action.drop.is_some() && action.onto.is_some_and(|o| o != Onto::Empty) {
            let message = "a dropped piece always comes to rest on an empty square".into();
            let help = "leave `onto` out of a `drop` action";
            self.contradiction(
                &[Key("actions"), At(a), Key("onto")],
                message,
                "not empty",
                help,
            );
        }
    }

    /// Effects name their target (`empty`, `own`, `opponent` or `piece`);
    /// `own` and `piece` are for effects only.
    fn effect_onto(&mut self, a: usize, action: &ActionSpec, effect: bool) {
        let problem = match (effect, action.onto) {
            (true, None) => Some((
                "name",
                "an effect needs `onto`: the square it is used on".to_owned(),
                "this effect has no `onto`",
                "add `onto = \"empty\"`, `\"own\"`, `\"opponent\"` or `\"piece\"`",
            )),
            (true, Some(Onto::Cover | Onto::EmptyOrOpponent)) => Some((
                "onto",
                "an effect is used on `empty`, `own`, `opponent` or `piece` squares".to_owned(),
                "this target",
                "choose one of `empty`, `own`, `opponent`, `piece`",
            )),
            (false, Some(Onto::Own | Onto::Piece)) => Some((
                "onto",
                "`own` and `piece` are targets of effects, not of placing or moving".to_owned(),
                "this target",
                "use `empty`, `opponent`, `empty-or-opponent` or `cover`",
            )),
            _ => None,
        };
        if let Some((key, message, label, help)) = problem {
            self.contradiction(&[Key("actions"), At(a), Key(key)], message, label, help);
        }
    }

    /// A `place` rule whose kinds are never in reserve, or a `move` rule
    /// whose kinds never reach the board.
    fn never_acts(&mut self, a: usize, action: &ActionSpec) {
        let r = self.ruleset;
        if (action.kinds.iter()).any(|n| !r.kinds.iter().any(|k| &k.name == n)) {
            return; // reported as an unknown kind
        }
        let applies = |k: &KindSpec| action.kinds.is_empty() || action.kinds.contains(&k.name);
        let (what, never) = match action.mechanic {
            Mechanic::Place => ("places", "in a reserve"),
            Mechanic::Move => ("moves", "on the board"),
            _ => return,
        };
        let reaches = |(i, k): (usize, &KindSpec)| match action.mechanic {
            Mechanic::Place => in_reserve(k),
            _ => in_setup(r, i) || placed(r, k),
        };
        if r.kinds
            .iter()
            .enumerate()
            .any(|(i, k)| applies(k) && reaches((i, k)))
        {
            return;
        }
        let message = format!(
            "action `{}` {what} pieces, but none of its kinds is ever {never}",
            action.name
        );
        let help = match action.mechanic {
            // A kind that is never on the board is most often meant to
            // appear by promotion, which the language cannot state.
            Mechanic::Move => {
                "a piece reaches the board only from the setup or by a `place` action: relic's rules language has no promotion or other change of kind, so a kind cannot appear any other way; put its kinds in the setup or in a reserve, or remove the action"
            }
            _ => {
                "give its kinds a `reserve` above 0 (or leave `reserve` out for one that never runs out), or remove the action"
            }
        };
        self.never(&[Key("actions"), At(a), Key("name")], message, help);
    }
}

/// Whether `mechanic` is an effect used on a square.
fn is_effect(mechanic: Mechanic) -> bool {
    matches!(
        mechanic,
        Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate | Mechanic::Neutralise
    )
}

/// Each optional key of an action rule, whether this rule gives it
/// although its mechanic never reads it, and which mechanics read it.
fn key_users(action: &ActionSpec) -> [(&'static str, bool, &'static str); 12] {
    let m = action.mechanic;
    let place = m == Mechanic::Place;
    let moves = m == Mechanic::Move;
    let effect = is_effect(m);
    let ringed = matches!(m, Mechanic::Transport | Mechanic::Blast | Mechanic::Rotate);
    [
        (
            "kinds",
            !(action.kinds.is_empty() || place || moves),
            "`place` and `move`",
        ),
        (
            "onto",
            action.onto.is_some() && !(place || moves || effect),
            "`place`, `move` and effect",
        ),
        ("drop", action.drop.is_some() && !place, "`place`"),
        ("pattern", action.pattern.is_some() && !moves, "`move`"),
        (
            "directions",
            !action.directions.is_empty() && !moves,
            "`move`",
        ),
        ("distance", action.distance.is_some() && !moves, "`move`"),
        (
            "wrap",
            action.wrap && !(moves || ringed),
            "`move`, `transport`, `blast` and `rotate`",
        ),
        (
            "when",
            action.when.is_some() && m != Mechanic::Pass,
            "`pass`",
        ),
        (
            "cover_only",
            action.cover_only.is_some() && !(place && action.onto == Some(Onto::Cover)),
            "`place` with `onto = \"cover\"`",
        ),
        ("uses", action.uses.is_some() && !effect, "effect"),
        ("sinks", action.sinks && m != Mechanic::Blast, "`blast`"),
        (
            "turns",
            action.turns.is_some() && m != Mechanic::Neutralise,
            "`neutralise`",
        ),
    ]
}

/// Whether `kind` may be in a reserve.
fn in_reserve(kind: &KindSpec) -> bool {
    kind.reserve != Some(0)
}

/// Whether the kind at index `k` is in the setup.
fn in_setup(r: &VocabRuleset, k: usize) -> bool {
    let glyphs = &r.kinds[k].glyphs;
    (r.board.setup.iter())
        .any(|row| (setup_tokens(row).iter()).any(|(_, g)| glyphs.iter().any(|x| x == g)))
}

/// Whether some `place` rule puts `kind` on the board from a reserve.
fn placed(r: &VocabRuleset, kind: &KindSpec) -> bool {
    in_reserve(kind)
        && (r.actions.iter()).any(|p| {
            p.mechanic == Mechanic::Place && (p.kinds.is_empty() || p.kinds.contains(&kind.name))
        })
}
