//! The macros of a lowered level-walking game (see [`super::journey_core`]):
//! entering a cell, leaving a level, using an item, writing a level; and
//! the tables of its variables and kinds.

use std::fmt::Write as _;

use super::{Bound, Condition, Effect, Level, Lowering, NO_ITEM, Top, column_name, number};

impl Lowering<'_> {
    /// What every step does first: each period's counter one step on,
    /// then the step's effects, each on the steps its period falls on;
    /// `None` when nothing.
    pub(super) fn tick(&self) -> Option<String> {
        let ticks = (self.names.ticks.iter()).map(|(n, t)| {
            let last = n - 1;
            format!("once({{$ {t} < {last}}} [$ {t} = {t} + 1] | [$ {t} = 0])")
        });
        let mut parts: Vec<String> = ticks.collect();
        for periodic in &self.program.step_effects {
            let Some(effect) = self.effect(periodic.effect) else {
                continue;
            };
            match periodic.every {
                0 => {}
                1 => parts.push(effect),
                n => {
                    let tick = &self
                        .names
                        .ticks
                        .iter()
                        .find(|(m, _)| *m == n)
                        .expect("a tick")
                        .1;
                    parts.push(format!(
                        "once({{$ {tick} == 0}} {effect} | {})",
                        self.nothing()
                    ));
                }
            }
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }

    /// An assignment that changes nothing and cannot fail: the last way
    /// of a choice that may do nothing.
    fn nothing(&self) -> String {
        let level = &self.names.level;
        format!("[$ {level} = {level}]")
    }

    /// After a step's own effects: the item picked up and the actor put
    /// down, the cell changes, then a lost game or the next turn.
    pub(super) fn rest(&self) -> String {
        let mut parts = vec![self.pick_up()];
        parts.extend(self.changes());
        parts.push(self.verdict());
        parts.join(" ")
    }

    /// The ways of entering a cell: a macro name, the kinds the actor may
    /// enter that it takes and their own effects; one for each kind with
    /// effects of its own, one (`enter`) for the others.
    pub(super) fn enter_groups(&self) -> Vec<(String, Vec<u8>, Vec<String>)> {
        let mut groups = Vec::new();
        let mut plain = Vec::new();
        for (k, kind) in self.program.kinds.iter().enumerate() {
            if kind.blocks {
                continue;
            }
            let effects = self.effects(&kind.on_enter);
            match effects.is_empty() {
                true => plain.push(k as u8),
                false => {
                    let name = format!("enter_{}", self.names.kind[k]);
                    groups.push((name, vec![k as u8], effects))
                }
            }
        }
        groups.push(("enter".to_owned(), plain, Vec::new()));
        groups.retain(|(_, kinds, _)| !kinds.is_empty());
        groups
    }

    /// A change of a stat, clamped into its bounds; `None` for no change.
    fn effect(&self, effect: Effect) -> Option<String> {
        let def = &self.program.stats.defs()[effect.stat];
        let s = &self.names.stat[effect.stat];
        let (a, min, max) = (
            i64::from(effect.amount),
            i64::from(def.min),
            i64::from(def.max),
        );
        match a {
            0 => None,
            1.. => Some(format!(
                "once({{$ {s} <= {}}} [$ {s} = {s} + {a}] | [$ {s} = {}])",
                number(max - a),
                number(max)
            )),
            _ => Some(format!(
                "once({{$ {s} >= {}}} [$ {s} = {s} - {}] | [$ {s} = {}])",
                number(min - a),
                a.unsigned_abs(),
                number(min)
            )),
        }
    }

    fn effects(&self, effects: &[Effect]) -> Vec<String> {
        effects.iter().filter_map(|&e| self.effect(e)).collect()
    }

    /// The item on the entered cell, if any, taken into the inventory,
    /// and the actor put on the cell.
    fn pick_up(&self) -> String {
        let actor = format!("[push {}]", self.names.actor);
        let items = self.program.items.len() as u8;
        let mut ways: Vec<String> = (0..items)
            .map(|i| {
                let test = self.test([Top::Item(i)]).expect("an item");
                format!("{test} [pop] {} {actor}", self.gain(i))
            })
            .collect();
        ways.push(actor);
        format!("({})", ways.join(" | "))
    }

    /// One more of item `i` held; a kind not held before goes last.
    fn gain(&self, i: u8) -> String {
        let n = &self.names;
        let (have, place, held) = (&n.have[usize::from(i)], &n.place[usize::from(i)], &n.held);
        let (kinds, total) = (self.program.items.len(), self.total(usize::from(i)));
        format!(
            "once({{$ {have} == 0}} once({{$ {held} < {kinds}}} [$ {held} = {held} + 1] \
             | [$ {held} = {kinds}]) [$ {place} = {held}] | {}) \
             once({{$ {have} < {total}}} [$ {have} = {have} + 1] | [$ {have} = {total}])",
            self.nothing()
        )
    }

    /// How many items `i` the levels hold in all.
    fn total(&self, i: usize) -> usize {
        (self.levels.iter().flat_map(|l| &l.items))
            .filter(|&&item| usize::from(item) == i)
            .count()
    }

    /// The cell changes whose condition holds, in order, each over the
    /// whole board (the kind beneath an item or the actor too). A kind
    /// that is only ever on top (one the actor cannot enter and no item
    /// can lie on) is changed only while some cell shows it.
    fn changes(&self) -> Vec<String> {
        let carriers = (0..self.program.items.len() as u8).map(Top::Item);
        let carriers = self.test(carriers.chain([Top::Actor])).expect("the actor");
        let n = &self.names;
        (self.program.changes.iter())
            .map(|change| {
                let (from, to) = (self.kind_top(change.from), self.kind_top(change.to));
                let from = self.test([from]).expect("a kind");
                let to = match to {
                    Top::Floor => "[empty]".to_owned(),
                    other => format!("[{}]", n.top(other)),
                };
                let mut holds = match change.when {
                    Condition::NoneLeft(i) => format!("count{{{}}} == 0", n.item[usize::from(i)]),
                    Condition::Held(i) => format!("{} > 0", n.have[usize::from(i)]),
                };
                let cell = match self.only_on_top(change.from) {
                    true => {
                        let _ = write!(holds, ", count{from} > 0");
                        format!("{from} {to}")
                    }
                    false => {
                        format!(
                            "once({from} {to} | {carriers} {{? [lift] {from}}} [lift] {to} [drop])"
                        )
                    }
                };
                format!("once({{$ {holds}}} scan(s e, {cell}) | {})", self.nothing())
            })
            .collect()
    }

    /// Whether kind `k` is only ever the top of a cell: not entered by the
    /// actor, and no item can lie on it.
    fn only_on_top(&self, k: u8) -> bool {
        self.program.kinds[usize::from(k)].blocks && !self.beneath_items().contains(&k)
    }

    /// The kinds an item can lie on: the floor, and what the changes can
    /// make of it.
    pub(super) fn beneath_items(&self) -> Vec<u8> {
        let mut beneath = vec![self.program.floor];
        while let Some(next) = (self.program.changes.iter())
            .find(|c| beneath.contains(&c.from) && !beneath.contains(&c.to))
            .map(|c| c.to)
        {
            beneath.push(next);
        }
        beneath
    }

    pub(super) fn kind_top(&self, k: u8) -> Top {
        match k == self.program.floor {
            true => Top::Floor,
            false => Top::Kind(k),
        }
    }

    /// A losing stat ends the game; otherwise the turn ends.
    fn verdict(&self) -> String {
        let mut ways: Vec<String> = (self.program.lose.iter())
            .map(|&(stat, bound)| {
                let s = &self.names.stat[stat];
                match bound {
                    Bound::AtMost(v) => format!("{{$ {s} <= {}}} end(lose)", number(v.into())),
                    Bound::AtLeast(v) => format!("{{$ {s} >= {}}} end(lose)", number(v.into())),
                }
            })
            .collect();
        ways.push("->next".to_owned());
        format!("({})", ways.join(" | "))
    }

    /// Leaving the level from an exit (the actor taken off): the next
    /// level, or (the last way, for the last level) the game won with the
    /// actor put back where it stood.
    pub(super) fn leave(&self) -> String {
        let last = self.levels.len() - 1;
        let level = &self.names.level;
        let mut ways: Vec<String> = (0..last)
            .map(|k| {
                format!(
                    "{{$ {level} == {k}}} level_{} [$ {level} = {}] ->next",
                    k + 2,
                    k + 1
                )
            })
            .collect();
        ways.push(format!("[push {}] end(win)", self.names.actor));
        format!("({})", ways.join(" | "))
    }

    /// Every use of an item held, in the inventory's order: the item in
    /// each place in turn, while that many kinds are held (`uses_1`,
    /// `uses_2`, ...).
    pub(super) fn uses(&self) -> Vec<(String, String)> {
        let (n, items) = (&self.names, self.program.items.len());
        (1..=items)
            .map(|place| {
                let mut ways: Vec<String> = (0..items)
                    .map(|i| format!("{{$ {} == {place}}} use_{}", n.place[i], n.item[i]))
                    .collect();
                if place < items {
                    ways.push(format!("uses_{}", place + 1));
                }
                let body = format!("{{$ {} >= {place}}} ({})", n.held, ways.join(" | "));
                (format!("uses_{place}"), body)
            })
            .collect()
    }

    /// Using one item `i`: a kind used up leaves the inventory, those
    /// after it moving up; then the item's effects.
    pub(super) fn use_item(&self, i: usize) -> String {
        let n = &self.names;
        let (have, place, held) = (&n.have[i], &n.place[i], &n.held);
        let word = format!("{} {}", self.program.use_word, self.program.items[i].name);
        let mut forget: Vec<String> = (0..self.program.items.len())
            .filter(|&j| j != i)
            .map(|j| {
                let other = &n.place[j];
                format!(
                    "once({{$ {other} > {place}, {other} > 0}} [$ {other} = {other} - 1] | {})",
                    self.nothing()
                )
            })
            .collect();
        forget.push(format!(
            "[$ {place} = 0] once({{$ {held} > 0}} [$ {held} = {held} - 1] | [$ {held} = 0])"
        ));
        let mut parts = vec![
            format!("mark({})", super::core_quoted(&word)),
            format!("once({{$ {have} > 0}} [$ {have} = {have} - 1] | [$ {have} = 0])"),
            format!(
                "once({{$ {have} == 0}} {} | {})",
                forget.join(" "),
                self.nothing()
            ),
        ];
        parts.extend(self.effects(&self.program.items[i].on_use));
        parts.push("->next".to_owned());
        parts.join(" ")
    }

    /// Writing level `k` (from 0) over the board, the actor at its start.
    pub(super) fn load(&self, k: usize) -> String {
        let mut out = "scan(s e, [lift all])".to_owned();
        for row in 0..self.rows {
            for column in 0..self.columns {
                let top = self.top(&self.levels[k], row, column);
                if top != Top::Floor {
                    let name = self.names.top(top);
                    let _ = write!(out, " @{} [push {name}]", self.cell(row, column));
                }
            }
        }
        out
    }

    /// How many cells writing level `k` over the board writes ([`load`]).
    ///
    /// [`load`]: Lowering::load
    pub(super) fn written(&self, k: usize) -> usize {
        (0..self.rows)
            .flat_map(|row| (0..self.columns).map(move |column| (row, column)))
            .filter(|&(row, column)| self.top(&self.levels[k], row, column) != Top::Floor)
            .count()
    }

    /// What cell (`row` from the top, `column`) of `level` shows at its
    /// start.
    fn top(&self, level: &Level, row: usize, column: usize) -> Top {
        if row >= level.rows || column >= level.columns {
            return Top::Void;
        }
        let i = row * level.columns + column;
        match (i == level.start, level.items[i]) {
            (true, _) => Top::Actor,
            (false, NO_ITEM) => self.kind_top(level.kinds[i]),
            (false, item) => Top::Item(item),
        }
    }

    /// The core name of cell (`row` from the top, `column`).
    fn cell(&self, row: usize, column: usize) -> String {
        format!("{}{}", column_name(column as u16), self.rows - row)
    }

    /// The first level as the board's setup, rows from the north.
    pub(super) fn setup(&self) -> Vec<String> {
        (0..self.rows)
            .map(|row| {
                (0..self.columns)
                    .map(|c| self.names.glyph(self.top(&self.levels[0], row, c)))
                    .collect()
            })
            .collect()
    }

    /// The `[[variables]]` tables: the stats, the inventory, the level and
    /// the periods' counters.
    pub(super) fn variables(&self) -> String {
        let mut out = String::new();
        let mut table = |name: &str, min: i64, max: i64, start: i64| {
            let _ = writeln!(
                out,
                "[[variables]]\nname = \"{name}\"\nmin = {min}\nmax = {max}\nstart = {start}\n"
            );
        };
        for (def, name) in self.program.stats.defs().iter().zip(&self.names.stat) {
            table(name, def.min.into(), def.max.into(), def.start.into());
        }
        let items = self.program.items.len() as i64;
        for i in 0..self.program.items.len() {
            table(&self.names.have[i], 0, self.total(i) as i64, 0);
            table(&self.names.place[i], 0, items, 0);
        }
        table(&self.names.held, 0, items, 0);
        table(&self.names.level, 0, self.levels.len() as i64 - 1, 0);
        for (n, tick) in &self.names.ticks {
            table(tick, 0, i64::from(*n) - 1, 0);
        }
        out
    }

    /// The `[[kinds]]` tables: the actor (the player's), then every cell
    /// kind but the floor, every item and the void, neutral.
    pub(super) fn kinds(&self) -> String {
        let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
        let n = &self.names;
        let mut out = format!(
            "[[kinds]]\nname = \"{}\"\nglyphs = [{}]\n\n",
            n.actor,
            quoted(&n.glyphs.actor)
        );
        let kinds = (0..self.program.kinds.len() as u8).map(|k| self.kind_top(k));
        let items = (0..self.program.items.len() as u8).map(Top::Item);
        for top in kinds.chain(items).chain([Top::Void]) {
            if top != Top::Floor {
                let glyph = quoted(n.glyph(top));
                let _ = writeln!(
                    out,
                    "[[kinds]]\nname = \"{}\"\nglyph = {glyph}\n",
                    n.top(top)
                );
            }
        }
        out
    }
}
