//! Checks of the tables that span the rules: stacking and reserves,
//! outcomes that can happen, play that can end, and messages.

use super::{Checker, Step::At, Step::Key};
use crate::vocab::compile::{line_axes, resolve};
use crate::vocab::error::VocabError;
use crate::vocab::messages::{DEFAULTS, unfillable};
use crate::vocab::schema::*;

impl Checker<'_> {
    pub(super) fn stacking(&mut self) {
        let r = self.ruleset;
        let sizes = r.kinds.iter().map(|k| k.size);
        let (min, max) = (sizes.clone().min().unwrap_or(1), sizes.max().unwrap_or(1));
        if r.stacking.cover == Cover::Larger && min == max {
            let (file, span) = self.at(&[Key("stacking"), Key("cover")]);
            self.push(file, VocabError::StackWithoutSizes { size: min, span });
        }
        if r.stacking.cover == Cover::None && r.stacking.height.is_some() {
            let message = "`stacking.height` is given but `stacking.cover` is `none`".into();
            let help = "set `cover = \"larger\"` or `\"any\"`, or remove `height`";
            self.contradiction(
                &[Key("stacking"), Key("height")],
                message,
                "no stacks",
                help,
            );
        }
        if r.reserve.stacks.is_some() {
            for (k, kind) in r.kinds.iter().enumerate() {
                if kind.reserve.is_some() {
                    let message = format!(
                        "kind `{}` has a `reserve` count, but `reserve.stacks` fills every stack with one of each kind",
                        kind.name
                    );
                    let help = "remove `reserve` from the kinds, or `stacks` from `[reserve]`";
                    let path = [Key("kinds"), At(k), Key("reserve")];
                    self.contradiction(&path, message, "a count", help);
                }
            }
        }
        let captures = r
            .actions
            .iter()
            .any(|a| matches!(a.onto, Some(Onto::Opponent | Onto::EmptyOrOpponent)));
        let finite = r.kinds.iter().any(|k| k.reserve.is_some());
        if r.reserve.refill == Refill::Captured && !(captures && finite) {
            let why = if captures {
                "every reserve is unlimited"
            } else {
                "no action captures"
            };
            let message = format!("`reserve.refill` is `captured`, but {why}");
            let help =
                "give kinds a `reserve` count and an action `onto` an opponent, or remove `refill`";
            let path = [Key("reserve"), Key("refill")];
            self.contradiction(&path, message, "never refills", help);
        }
    }

    pub(super) fn outcomes(&mut self) {
        let r = self.ruleset;
        if let Some(line) = &r.outcomes.line {
            let b = &r.board;
            let longest = (line_axes(b.shape, &line.directions).iter())
                .map(|&(dx, dy)| match (dx, dy) {
                    (_, 0) => b.width,
                    (0, _) => b.height,
                    _ => b.width.min(b.height),
                })
                .max()
                .unwrap_or(0);
            if line.length > longest {
                let (file, span) = self.at(&[Key("outcomes"), Key("line"), Key("length")]);
                self.push(
                    file,
                    VocabError::LineTooLong {
                        length: line.length,
                        longest,
                        span,
                    },
                );
            }
        }
        if let Some(reach) = &r.outcomes.reach {
            for (k, name) in reach.kinds.iter().enumerate() {
                self.kind_name(&[Key("outcomes"), Key("reach"), Key("kinds"), At(k)], name);
            }
        }
        if r.outcomes.turn_limit.is_none() {
            self.endless();
        }
    }

    /// A move rule that can take a piece back where it came from, with no
    /// turn limit to end play.
    fn endless(&mut self) {
        let r = self.ruleset;
        let n = self.geometry.directions().len() as u8;
        for (a, action) in r.actions.iter().enumerate() {
            if action.mechanic != Mechanic::Move {
                continue;
            }
            let back = action.pattern == Some(Pattern::Anywhere) || {
                let dirs: Vec<u8> = (r.actions.iter())
                    .filter(|x| x.mechanic == Mechanic::Move)
                    .flat_map(|x| {
                        if x.directions.is_empty() {
                            vec![Direction::All]
                        } else {
                            x.directions.clone()
                        }
                    })
                    .flat_map(|d| resolve(&self.geometry, d, 0, r.board.neighbours))
                    .collect();
                let own: Vec<u8> = (if action.directions.is_empty() {
                    vec![Direction::All]
                } else {
                    action.directions.clone()
                })
                .into_iter()
                .flat_map(|d| resolve(&self.geometry, d, 0, r.board.neighbours))
                .collect();
                own.iter().any(|d| dirs.contains(&((d + n / 2) % n))) || action.wrap
            };
            if back {
                let (file, span) = self.at(&[Key("actions"), At(a), Key("name")]);
                self.push(file, VocabError::Endless { span });
                return;
            }
        }
    }

    pub(super) fn messages(&mut self) {
        let given = serde_json::to_value(&self.ruleset.messages).unwrap_or_default();
        for (key, _, allowed) in DEFAULTS {
            let Some(text) = given.get(*key).and_then(serde_json::Value::as_str) else {
                continue;
            };
            let path = [Key("messages"), Key(key)];
            for found in unfillable(key, text, allowed) {
                let (file, span) = self.inside(&path, found.range.start, found.range.end);
                let error = VocabError::Placeholder {
                    key: (*key).into(),
                    name: found.name,
                    span,
                    help: found.help,
                };
                self.push(file, error);
            }
        }
    }
}
