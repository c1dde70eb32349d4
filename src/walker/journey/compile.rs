//! The semantic check and compilation of a level-walking ruleset: names
//! become indices, effects become [`Effect`]s, every problem is reported.

use super::error::JourneyError;
use super::schema::{EffectSpec, JourneyRuleset, TextSpec};
use crate::config::tree::Node;
use crate::config::validate::{source_span, suggestion_help};
use crate::walker::Offset;
use crate::walker::changes::{Change, Condition};
use crate::walker::effects::{Effect, Periodic};
use crate::walker::stats::{StatDef, StatTable};
use crate::walker::table::{Entry, id_named, id_of_glyph};

/// The most stats, cell kinds and item kinds.
pub const MAX_STATS: usize = 8;
/// The most cell kinds.
pub const MAX_KINDS: usize = 32;
/// The most item kinds.
pub const MAX_ITEMS: usize = 32;

/// A kind of cell, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Its name.
    pub name: String,
    /// Its character in level files.
    pub glyph: Option<char>,
    /// How it is drawn.
    pub drawn: char,
    /// Whether it cannot be entered.
    pub blocks: bool,
    /// Whether stepping off the board from it completes the level.
    pub exit: bool,
    /// Effects of entering it.
    pub on_enter: Vec<Effect>,
}

/// A kind of item, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The name it is used by.
    pub name: String,
    /// Its character.
    pub glyph: char,
    /// Effects of using one.
    pub on_use: Vec<Effect>,
}

/// A losing bound on a stat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Lost at this value or below.
    AtMost(i32),
    /// Lost at this value or above.
    AtLeast(i32),
}

/// A level-walking ruleset compiled for play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The game's name.
    pub name: String,
    /// What the game is.
    pub description: String,
    /// The stats.
    pub stats: StatTable,
    /// The cell kinds.
    pub kinds: Vec<Kind>,
    /// The item kinds.
    pub items: Vec<Item>,
    /// The start mark.
    pub start: char,
    /// The floor kind.
    pub floor: u8,
    /// Kinds every level must hold.
    pub require: Vec<u8>,
    /// The level-file text played when no level file is given.
    pub default_levels: Option<String>,
    /// Per-step effects in order.
    pub step_effects: Vec<Periodic>,
    /// Cell changes.
    pub changes: Vec<Change>,
    /// Step keys and their offsets on the grid (`(dx, dy)`, y counting
    /// rows down), in canonical (key) order.
    pub steps: Vec<(String, Offset)>,
    /// The word that starts a use.
    pub use_word: String,
    /// Losing bounds.
    pub lose: Vec<(usize, Bound)>,
    /// Text mode's texts.
    pub text: TextSpec,
    /// The stats text mode shows: (label, stat).
    pub shown: Vec<(String, usize)>,
    /// The ruleset as it resolved after `extends` (its `extends` cleared):
    /// what records store and `relic rules show` prints.
    pub resolved: JourneyRuleset,
}

impl Entry for Kind {
    fn name(&self) -> &str {
        &self.name
    }

    fn glyph(&self) -> Option<char> {
        self.glyph
    }
}

impl Entry for Item {
    fn name(&self) -> &str {
        &self.name
    }

    fn glyph(&self) -> Option<char> {
        Some(self.glyph)
    }
}

impl Program {
    /// The cell kind a level file's character stands for (the floor for
    /// the start mark, items and unknown characters).
    pub fn kind_of(&self, glyph: char) -> u8 {
        id_of_glyph(&self.kinds, glyph).unwrap_or(self.floor)
    }

    /// The item a level file's character stands for.
    pub fn item_of(&self, glyph: char) -> Option<u8> {
        id_of_glyph(&self.items, glyph)
    }

    /// The item used by `name`.
    pub fn item_named(&self, name: &str) -> Option<u8> {
        id_named(&self.items, name)
    }
}

/// Problems and the file (of the `extends` chain) each points into.
type Problems = Vec<(usize, JourneyError)>;

/// The node at `path` under `root` (array items by their index as text),
/// or its nearest written ancestor.
fn node_at<'a>(root: &'a Node, path: &[&str]) -> &'a Node {
    root.nearest_named(path)
}

struct Compiler<'a> {
    ruleset: &'a JourneyRuleset,
    root: &'a Node,
    problems: Problems,
    /// The file of the last span taken.
    file: usize,
}

/// Checks `ruleset` (read from the merged tree `root`) and compiles it.
pub fn compile(ruleset: &JourneyRuleset, root: &Node) -> Result<Program, Problems> {
    let mut compiler = Compiler {
        ruleset,
        root,
        problems: Vec::new(),
        file: 0,
    };
    let program = compiler.program();
    if compiler.problems.is_empty() {
        Ok(program)
    } else {
        Err(compiler.problems)
    }
}

impl Compiler<'_> {
    fn span(&mut self, path: &[&str]) -> miette::SourceSpan {
        let at = node_at(self.root, path).at;
        self.file = at.file;
        source_span(at)
    }

    /// Records `error`, whose span was the last taken.
    fn push(&mut self, error: JourneyError) {
        self.problems.push((self.file, error));
    }

    fn unknown(&mut self, what: &'static str, name: &str, names: &[&str], path: &[&str]) {
        let help = suggestion_help(name, &format!("the {what}s are"), names);
        let span = self.span(path);
        self.push(JourneyError::UnknownName {
            what,
            name: name.to_owned(),
            span,
            help,
        });
    }

    fn limit(&mut self, what: &'static str, count: usize, max: usize) {
        if count > max {
            let span = self.span(&[what]);
            self.push(JourneyError::TooMany { what, max, span });
        }
    }

    fn program(&mut self) -> Program {
        let r = self.ruleset;
        self.limit("stats", r.stats.len(), MAX_STATS);
        self.limit("cells", r.cells.len(), MAX_KINDS);
        self.limit("items", r.items.len(), MAX_ITEMS);
        let stats = self.stats();
        let kinds = self.kinds(&stats);
        let items = self.items(&stats);
        self.glyphs();
        let floor = self.kind(&r.level.floor, &["level", "floor"]);
        let require = (r.level.require.iter().enumerate())
            .map(|(i, name)| self.kind(name, &["level", "require", &i.to_string()]))
            .collect();
        let step_effects = self.step_effects(&stats);
        let changes = self.changes();
        let lose = self.lose(&stats);
        let shown = self.shown_stats(&stats);
        let steps = (r.actions.steps.iter())
            .map(|(key, [dr, dc])| (key.clone(), (*dc, *dr)))
            .collect();
        Program {
            name: r.name.clone(),
            description: r.description.clone(),
            stats,
            kinds,
            items,
            start: r.level.start,
            floor,
            require,
            default_levels: r.level.default.clone(),
            step_effects,
            changes,
            steps,
            use_word: r.actions.use_word.clone(),
            lose,
            text: r.text.clone(),
            shown,
            resolved: JourneyRuleset {
                extends: None,
                ..r.clone()
            },
        }
    }

    /// The effects of `[step]`, each with its period.
    fn step_effects(&mut self, stats: &StatTable) -> Vec<Periodic> {
        let r = self.ruleset;
        (r.step.effects.iter().enumerate())
            .map(|(i, e)| Periodic {
                every: e.every,
                effect: self.effect(stats, e, &["step", "effects", &i.to_string(), "stat"]),
            })
            .collect()
    }

    /// The stats `[text] stats` shows, with their labels.
    fn shown_stats(&mut self, stats: &StatTable) -> Vec<(String, usize)> {
        let r = self.ruleset;
        (r.text.stats.iter().enumerate())
            .map(|(i, [label, name])| {
                let stat = self.stat(stats, name, &["text", "stats", &i.to_string()]);
                (label.clone(), stat)
            })
            .collect()
    }

    fn stats(&mut self) -> StatTable {
        let mut defs = Vec::new();
        for (name, spec) in &self.ruleset.stats {
            if !(spec.min <= spec.start && spec.start <= spec.max) {
                let span = self.span(&["stats", name]);
                let name = name.clone();
                self.push(JourneyError::StatBounds { name, span });
            }
            defs.push(StatDef {
                name: name.clone(),
                start: spec.start,
                min: spec.min,
                max: spec.max.max(spec.min),
            });
        }
        StatTable::new(defs)
    }

    fn stat(&mut self, stats: &StatTable, name: &str, path: &[&str]) -> usize {
        stats.index(name).unwrap_or_else(|| {
            let names: Vec<&str> = self.ruleset.stats.keys().map(String::as_str).collect();
            self.unknown("stat", name, &names, path);
            0
        })
    }

    fn effect(&mut self, stats: &StatTable, spec: &EffectSpec, path: &[&str]) -> Effect {
        Effect {
            stat: self.stat(stats, &spec.stat, path),
            amount: spec.add,
        }
    }

    fn effects(&mut self, stats: &StatTable, specs: &[EffectSpec], path: &[&str]) -> Vec<Effect> {
        (specs.iter().enumerate())
            .map(|(i, spec)| {
                let index = i.to_string();
                let mut at = path.to_vec();
                at.extend([index.as_str(), "stat"]);
                self.effect(stats, spec, &at)
            })
            .collect()
    }

    fn kinds(&mut self, stats: &StatTable) -> Vec<Kind> {
        let mut kinds = Vec::new();
        for (name, spec) in &self.ruleset.cells {
            let drawn = spec.drawn.or(spec.glyph).unwrap_or_else(|| {
                let span = self.span(&["cells", name]);
                let name = name.clone();
                self.push(JourneyError::NotDrawn { name, span });
                ' '
            });
            let on_enter = self.effects(stats, &spec.on_enter, &["cells", name, "on_enter"]);
            kinds.push(Kind {
                name: name.clone(),
                glyph: spec.glyph,
                drawn,
                blocks: spec.blocks,
                exit: spec.exit,
                on_enter,
            });
        }
        kinds
    }

    fn items(&mut self, stats: &StatTable) -> Vec<Item> {
        let mut items = Vec::new();
        for (name, spec) in &self.ruleset.items {
            let on_use = self.effects(stats, &spec.on_use, &["items", name, "on_use"]);
            items.push(Item {
                name: name.clone(),
                glyph: spec.glyph,
                on_use,
            });
        }
        items
    }

    /// No two cells, items or the start share a character.
    fn glyphs(&mut self) {
        let r = self.ruleset;
        let mut seen: Vec<(char, String)> = vec![(r.level.start, "the start mark".into())];
        let cells = (r.cells.iter()).filter_map(|(n, c)| Some((c.glyph?, "cells", n, "glyph")));
        let items = (r.items.iter()).map(|(n, i)| (i.glyph, "items", n, "glyph"));
        for (glyph, table, name, key) in cells.chain(items) {
            let user = format!("{} `{name}`", &table[..table.len() - 1]);
            if let Some((_, first)) = seen.iter().find(|(g, _)| *g == glyph) {
                let span = self.span(&[table, name, key]);
                let first = first.clone();
                self.push(JourneyError::GlyphClash {
                    glyph,
                    first,
                    second: user,
                    span,
                });
            } else {
                seen.push((glyph, user));
            }
        }
    }

    fn kind(&mut self, name: &str, path: &[&str]) -> u8 {
        let found = self.ruleset.cells.keys().position(|k| k == name);
        found.map_or_else(
            || {
                let names: Vec<&str> = self.ruleset.cells.keys().map(String::as_str).collect();
                self.unknown("cell", name, &names, path);
                0
            },
            |k| k as u8,
        )
    }

    fn item(&mut self, name: &str, path: &[&str]) -> u8 {
        let found = self.ruleset.items.keys().position(|k| k == name);
        found.map_or_else(
            || {
                let names: Vec<&str> = self.ruleset.items.keys().map(String::as_str).collect();
                self.unknown("item", name, &names, path);
                0
            },
            |i| i as u8,
        )
    }

    fn changes(&mut self) -> Vec<Change> {
        let mut changes = Vec::new();
        for (name, spec) in &self.ruleset.changes {
            let from = self.kind(&spec.from, &["changes", name, "from"]);
            let to = self.kind(&spec.to, &["changes", name, "to"]);
            let path = ["changes", name.as_str(), "when"];
            let when = match spec.when.split_once(' ') {
                Some(("none-left", item)) => Condition::NoneLeft(self.item(item, &path)),
                Some(("held", item)) => Condition::Held(self.item(item, &path)),
                _ => {
                    let span = self.span(&path);
                    let when = spec.when.clone();
                    self.push(JourneyError::Condition { when, span });
                    continue;
                }
            };
            changes.push(Change { from, to, when });
        }
        changes
    }

    fn lose(&mut self, stats: &StatTable) -> Vec<(usize, Bound)> {
        let mut bounds = Vec::new();
        for (i, spec) in self.ruleset.lose.iter().enumerate() {
            let index = i.to_string();
            let stat = self.stat(stats, &spec.stat, &["lose", &index, "stat"]);
            let bound = match (spec.at_most, spec.at_least) {
                (Some(value), None) => Bound::AtMost(value),
                (None, Some(value)) => Bound::AtLeast(value),
                _ => {
                    let span = self.span(&["lose", &index]);
                    let (what, one, other) = ("a lose bound", "at_most", "at_least");
                    self.push(JourneyError::OneOf {
                        what,
                        one,
                        other,
                        span,
                    });
                    continue;
                }
            };
            bounds.push((stat, bound));
        }
        bounds
    }
}
