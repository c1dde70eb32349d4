//! `move` rules lowered: from every square holding the player's piece of
//! one of the rule's kinds, a walk in each of the rule's directions in
//! order, nearest target first (`step`: over empty squares, `jump`:
//! exactly the distance), or any square (`anywhere`).

use std::collections::BTreeMap;

use super::Lowering;
use super::text::{Board, Mode, NEVER, choice, join};
use crate::vocab::schema::*;

impl Lowering<'_> {
    /// Names the directions of every `move` rule: an absolute direction,
    /// or a player direction (`[directions] rRdI`) where players differ.
    pub(super) fn name_slots(&mut self) {
        for r in 0..self.p.rules.len() {
            let rule = &self.p.rules[r];
            let count = rule.directions.first().map_or(0, Vec::len);
            let mut names = Vec::new();
            for i in 0..count {
                let first = rule.directions[0][i];
                if rule.directions.iter().all(|d| d[i] == first) {
                    names.push(self.abs(first).to_owned());
                    continue;
                }
                let by_player: BTreeMap<String, String> =
                    (self.p.players.iter().zip(&rule.directions))
                        .map(|(pl, d)| (pl.name.clone(), self.abs(d[i]).to_owned()))
                        .collect();
                let same = self.directions.iter().find(|(_, d)| **d == by_player);
                let name = match same {
                    Some((name, _)) => name.clone(),
                    None => format!("r{r}d{i}"),
                };
                self.directions.insert(name.clone(), by_player);
                names.push(name);
            }
            self.slots.push(names);
        }
    }

    /// Rule `r`, a `move`, written in `mode`.
    pub(super) fn moves(&self, r: usize, mode: Mode, phase: Option<usize>) -> Option<String> {
        let rule = &self.p.rules[r];
        let kinds = (0..self.p.kinds.len()).filter(|k| rule.kinds >> k & 1 == 1);
        let alts = kinds.map(|k| {
            let own = format!("{{own {}}}", self.kinds[k]);
            match (rule.pattern, mode) {
                (Pattern::Anywhere, Mode::Can) => join(&[&own, "any", &self.onto_test_for(r, k)]),
                (Pattern::Anywhere, Mode::Act) => self.anywhere(r, k, phase),
                (_, Mode::Can) => join(&[&own, &self.walks(r, k, false, phase)]),
                (_, Mode::Act) => {
                    let off = format!("{} mark", self.take_off());
                    join(&[&own, &off, &self.walks(r, k, true, phase)])
                }
            }
        });
        let pieces = choice(alts.collect())?;
        Some(format!("any {pieces}"))
    }

    /// Every walk of rule `r` from the cursor to a target, landing a piece
    /// of kind `k` there (`act` false: only testing that the target is one).
    fn walks(&self, r: usize, k: usize, act: bool, phase: Option<usize>) -> String {
        let rule = &self.p.rules[r];
        let distance = usize::from(rule.distance);
        let nearest = match rule.pattern {
            Pattern::Jump => distance,
            _ => 1,
        };
        let mut alts = Vec::new();
        for d in &self.slots[r] {
            for far in nearest..=distance {
                let path = match rule.pattern {
                    Pattern::Jump => repeat(d, far),
                    _ => match far {
                        1 => d.clone(),
                        _ => format!("{} {d}", repeat(&format!("{d} {{empty}}"), far - 1)),
                    },
                };
                let end = match act {
                    true => {
                        let land = self.land(r, k, CounterEvent::Move, phase);
                        format!("{} {land}", self.to_mark())
                    }
                    false => self.onto_test_for(r, k),
                };
                alts.push(format!("{path} {end}"));
            }
        }
        choice(alts).unwrap_or(NEVER.into())
    }

    /// An `anywhere` move of a piece of kind `k`: the piece lands on a
    /// target chosen by `any` (the cursor comes back), its square is
    /// emptied, and the outcomes are looked for on the whole board.
    fn anywhere(&self, r: usize, k: usize, phase: Option<usize>) -> String {
        let lands = self.targets_for(r, k).into_iter().map(|(test, capture)| {
            let events: &[CounterEvent] = match capture {
                true => &[
                    CounterEvent::Move,
                    CounterEvent::Capture,
                    CounterEvent::Captured,
                ],
                false => &[CounterEvent::Move],
            };
            let put = self.put_piece(k);
            join(&[&test, &put, self.to_mark(), &self.changes(Some(r), events)])
        });
        let mut lands: Vec<String> = lands.collect();
        if let Some(sunk) = self.sink_landing(r, k) {
            let changes = self.changes(Some(r), &[CounterEvent::Move]);
            lands.push(join(&[&sunk, self.to_mark(), &changes]));
        }
        let lands = choice(lands).expect("some target");
        let after = self.outcome(Board::Global, self.ends(r, phase));
        format!(
            "{{own {}}} mark <any {lands}> {} {after}",
            self.kinds[k],
            self.take_off()
        )
    }
}

/// `e` `n` times over.
fn repeat(e: &str, n: usize) -> String {
    match n {
        1 => e.to_owned(),
        2 | 3 => vec![e; n].join(" "),
        _ => format!("({e}){{{n}}}"),
    }
}
