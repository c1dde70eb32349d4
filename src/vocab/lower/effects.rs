//! Effects lowered into the core: `transport` (the top n pieces of a
//! square, in their order, to the nearest square with no piece), `rotate`
//! (the whole stacks of a square's ring one place round), `blast` (a
//! square's pieces and its ring's tops back to their owners' reserve
//! stacks, empty ring squares becoming sinks: a neutral kind `sink` that
//! nothing covers and that sends a piece put on it back to its reserve),
//! each effect's uses as a per-player variable `uses_RULE` (`neutralise`:
//! [`super::status`]), and the
//! forfeits that spend a use (`forfeit:RULE`, listed after the plain
//! `forfeit`, and the penalty for a refused use of the effect).
//!
//! A transport is written out square by square, in square order, because
//! where the pieces go depends on the square: the count's pieces are
//! lifted, then from `c3` the nearest squares in the vocabulary's order
//! (distance, then square index) are tried with `once` and the hand is put
//! down there, last piece first, so the order is kept: `@c3 {enemy} mark
//! ({$ height >= 1} mark(":1") [lift] | {$ height >= 2} mark(":2") [lift]
//! [lift] ...) once(@c2 {empty} | @b3 {empty} | ... | {$ 0 == 0})
//! ([drop])*!`; with no empty square the pieces go back where they were.
//!
//! A rotation clockwise (`:cw`, each ring square's stack to the next
//! square of the ring) takes the last square's stack into the hand
//! (`[lift all]`, in order), moves every other stack one square on, last
//! first, through the hand piece by piece (`{$ height == 2} [lift] [lift]
//! @d3 [drop] [drop]`: the hand is a stack, so the order is kept), and
//! puts the first stack down on the first square (`[drop all]`);
//! anticlockwise the same the other way round.

use super::Lowering;
use super::text::{Board, Mode, choice, join};
use crate::lang::schema::{PenaltySpec, VariableSpec};
use crate::vocab::schema::{CounterEvent, Mechanic, Onto};

impl Lowering<'_> {
    /// The effect rules, in rule order.
    fn effect_rules(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.p.rules.len()).filter(|&r| self.p.rules[r].is_effect())
    }

    /// The variable counting rule `r`'s uses left (`None`: unlimited).
    pub(super) fn uses_var(&self, r: usize) -> Option<String> {
        self.uses[r].clone()
    }

    /// One per-player variable per effect with limited uses.
    pub(super) fn uses_variables(&self) -> Vec<VariableSpec> {
        let limited = self.effect_rules().filter_map(|r| {
            let n = i32::from(self.p.rules[r].uses?);
            Some(super::var(self.uses_var(r)?, 0, n, n, true))
        });
        limited.collect()
    }

    /// The test that rule `r` has a use left, and the spending of one.
    fn use_left(&self, r: usize) -> (String, String) {
        match self.uses_var(r) {
            Some(v) => (format!("{{$ {v} > 0}}"), format!("[$ {v} = {v} - 1]")),
            None => (String::new(), String::new()),
        }
    }

    /// What an effect's target square must hold (`None`: not lowered).
    pub(super) fn effect_onto(&self, onto: Onto) -> Option<String> {
        match onto {
            Onto::Empty => Some("{empty}".into()),
            Onto::Own => Some(format!("{{{}}}", self.own_words())),
            Onto::Opponent => Some(format!("{{{}}}", self.enemy_words())),
            // Grey pieces too: they keep their owners.
            Onto::Piece => Some("{own, enemy}".into()),
            _ => None,
        }
    }

    /// Effect rule `r` in `mode` (transport only; the others do not lower).
    pub(super) fn effect(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        let rule = &self.p.rules[r];
        let onto = self.effect_onto(rule.onto)?;
        let onto = onto.as_str();
        let (left, spend) = self.use_left(r);
        if mode == Mode::Can {
            return Some(join(&[&left, "any", onto]));
        }
        let after = join(&[
            &self.changes(Some(r), &[CounterEvent::Use]),
            &self.outcome(Board::Global, self.ends(r, phase)),
        ]);
        // What follows does not depend on the square: written once.
        let squares = match rule.mechanic {
            Mechanic::Transport => self.transports(r, onto),
            Mechanic::Rotate => self.rotations(r, onto),
            Mechanic::Blast => self.blasts(r, onto),
            Mechanic::Neutralise => self.paintings(r, onto),
            _ => return None,
        };
        let word = format!("mark(\"{}@\")", rule.name);
        // The use is spent before the first mark: nothing in the action
        // reads the count but a paint, after it, and the rest after the
        // last mark is then seen to be decided where it can be.
        Some(join(&[&left, &spend, &word, &choice(squares)?, &after]))
    }

    /// Each square's transports, in square order.
    fn transports(&self, r: usize, onto: &str) -> Vec<String> {
        let (rule, g) = (&self.p.rules[r], &self.p.geometry);
        let squares = (0..g.cells()).map(|at| {
            let near = (rule.nearest[at].iter())
                .map(|&c| format!("@{} {{empty}}", g.name(c)))
                .collect::<Vec<_>>()
                .join(" | ");
            let counts = (1..=self.p.height).map(|n| {
                let lifts = vec!["[lift]"; usize::from(n)].join(" ");
                format!("{{$ height >= {n}}} mark(\":{n}\") {lifts}")
            });
            let counts = choice(counts.collect()).expect("stacks are at least 1 high");
            // The hand is a stack: dropping it all, last first, keeps the
            // pieces' order; with no empty square they go back.
            let counts = format!("{counts} once({near} | {{$ 0 == 0}}) ([drop])*!");
            format!("@{} {onto} mark {counts}", g.name(at as u8))
        });
        squares.collect()
    }

    /// Blasts: the square chosen in square order (with `onto`'s test and
    /// its mark), its ring's squares flagged with a neutral `ring` piece,
    /// then, whatever the square, every piece of it and each flagged
    /// square's top back to its owner (an empty ring square becomes a sink
    /// where the rule says so; a sink stays as it is). Where a piece goes
    /// does not depend on the order plain pieces are sent back in, so the
    /// ring is swept by one `scan` rather than written out for every
    /// square; where pieces can be grey (and so told apart) each place in
    /// the ring has a flag and a `scan` of its own, in the ring's order.
    fn blasts(&self, r: usize, onto: &str) -> Vec<String> {
        let (rule, g) = (&self.p.rules[r], &self.p.geometry);
        let squares = (0..g.cells()).map(|at| {
            let ring = (rule.ring[at].iter().enumerate())
                .map(|(i, &c)| format!("@{} [push {}]", g.name(c), self.ring_kind(i)));
            let ring: Vec<String> = ring.collect();
            format!("@{} {onto} mark <{}>", g.name(at as u8), ring.join(" "))
        });
        let returned = self.return_top();
        let sink = self.sink_kind();
        let empty = match rule.sinks {
            true => format!("{{empty}} [{sink}] | {{{sink}}}"),
            false => format!("{{empty}} | {{{sink}}}"),
        };
        let sweeps = (self.rings.iter())
            .map(|flag| format!("scan(n e, {{{flag}}} [pop] ({empty} | {returned}))"));
        let sweeps: Vec<String> = sweeps.collect();
        let chosen = choice(squares.collect()).expect("a board has squares");
        vec![format!("{chosen} ({returned})*! {}", sweeps.join(" "))]
    }

    /// Where rule `r` may put a piece of kind `k` on an empty square and
    /// some square may be a sink: the sink taken away and the piece sent
    /// back to the mover's reserve stacks, as the vocabulary does with a
    /// piece put on a sink.
    pub(super) fn sink_landing(&self, r: usize, k: usize) -> Option<String> {
        let sinks = (self.p.rules.iter()).any(|o| o.mechanic == Mechanic::Blast && o.sinks);
        let empty = self
            .targets_for(r, k)
            .iter()
            .any(|(t, _)| t.starts_with("{empty"));
        if !sinks || !empty {
            return None;
        }
        // A placed piece goes back as its reserve stack gave it.
        let held = (self.held.as_ref()).filter(|_| self.p.rules[r].mechanic == Mechanic::Place);
        let value = held.map_or("1", String::as_str);
        let back = (0..2).map(|me| {
            let sent = self.send_back_value(k, me, value);
            format!("{{$ me == {me}}} {sent}")
        });
        let back: Vec<String> = back.collect();
        let emptied = held.map(|h| format!("[$ {h} = 0]")).unwrap_or_default();
        let sunk = format!("{{{}}} [pop] ({})", self.sink_kind(), back.join(" | "));
        Some(join(&[&sunk, &emptied]))
    }

    /// The cursor's top piece back to its owner's reserve stacks.
    fn return_top(&self) -> String {
        let kinds = (0..self.p.kinds.len()).flat_map(|k| {
            let kind = &self.kinds[k];
            (0..2).map(move |me| {
                let own = format!(
                    "{{$ me == {me}}} {{own {kind}}} [pop] {}",
                    self.send_back(k, me)
                );
                let theirs = self.send_back(k, 1 - me);
                let enemy = format!("{{$ me == {me}}} {{enemy {kind}}} [pop] {theirs}");
                format!("{own} | {enemy}")
            })
        });
        let ways: Vec<String> = kinds.chain(self.return_grey_tops()).collect();
        format!("({})", ways.join(" | "))
    }

    /// Each square's rotations, clockwise then anticlockwise, in square
    /// order (a square without a ring has none).
    fn rotations(&self, r: usize, onto: &str) -> Vec<String> {
        let (rule, g) = (&self.p.rules[r], &self.p.geometry);
        let squares = (0..g.cells()).filter(|&at| !rule.ring[at].is_empty());
        let squares = squares.map(|at| {
            let ring: Vec<String> = rule.ring[at].iter().map(|&c| g.name(c)).collect();
            let mut back = ring.clone();
            back.reverse();
            let turns = [("cw", &ring), ("ccw", &back)].map(|(word, ring)| {
                let moved = self.rotated(ring);
                format!("mark(\":{word}\") {moved}")
            });
            format!("@{} {onto} mark ({})", g.name(at as u8), turns.join(" | "))
        });
        squares.collect()
    }

    /// The stack of each square of `ring` moved to the next one, the last
    /// square's to the first; the cursor ends on the first square.
    fn rotated(&self, ring: &[String]) -> String {
        let last = ring.len() - 1;
        let mut text = format!("@{} once([lift all] | {{empty}})", ring[last]);
        for i in (0..last).rev() {
            let heights = (1..=self.p.height).map(|h| {
                let lifts = vec!["[lift]"; usize::from(h)].join(" ");
                let drops = vec!["[drop]"; usize::from(h)].join(" ");
                format!("{{$ height == {h}}} {lifts} @{} {drops}", ring[i + 1])
            });
            let alts: Vec<String> = std::iter::once("{empty}".to_owned())
                .chain(heights)
                .collect();
            text.push_str(&format!(" @{} ({})", ring[i], alts.join(" | ")));
        }
        text.push_str(&format!(" @{} once([drop all] | {{$ 0 == 0}})", ring[0]));
        text
    }

    /// The forfeits that spend a use of each effect with uses left, after
    /// the plain one; `after`: the turn's end.
    pub(super) fn effect_forfeits(&self, after: &str) -> Vec<String> {
        let forfeits = self.effect_rules().map(|r| {
            let (left, spend) = self.use_left(r);
            let word = format!("mark(\"forfeit:{}\")", self.p.rules[r].name);
            // Spent before the mark, so that the rest after it (the
            // turn's end) is seen to be decided.
            join(&[&left, &spend, &word, after])
        });
        forfeits.collect()
    }

    /// A refused use of an effect is played as its forfeit where it has a
    /// use left, else as the plain forfeit.
    pub(super) fn penalties(&self) -> Vec<PenaltySpec> {
        let spending = self.effect_rules().map(|r| PenaltySpec {
            when: Some(format!("{}@", self.p.rules[r].name)),
            action: format!("forfeit:{}", self.p.rules[r].name),
        });
        let mut penalties: Vec<PenaltySpec> = spending.collect();
        penalties.push(PenaltySpec {
            when: None,
            action: "forfeit".into(),
        });
        penalties
    }
}
