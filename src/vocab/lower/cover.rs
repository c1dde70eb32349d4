//! Covering (`[stacking]`, `onto = "cover"`) lowered onto the core's
//! stacks: a piece lands with `[push KIND]` on an empty square or on a top
//! it may cover (a strictly smaller size, or any piece, where the stack has
//! room), and a moving piece leaves with `[pop]`, uncovering what was
//! under it. Where placements name their kind beside moves, the marks
//! carry their own punctuation (`large@b2`, `a1-b2`) and join with no
//! separator. A place rule that covers only under a threat (`cover_only`)
//! covers an opponent's top only where the `threat` macro holds.

use super::Lowering;
use crate::vocab::schema::{Cover, Mechanic, Onto};

impl Lowering<'_> {
    /// Whether pieces stack (the ruleset has `[stacking]`).
    pub(super) fn covering(&self) -> bool {
        self.p.cover != Cover::None
    }

    /// What a target of rule `r` may hold for a piece of kind `k`, each
    /// with whether it is a capture.
    pub(super) fn targets_for(&self, r: usize, k: usize) -> Vec<(String, bool)> {
        let rule = &self.p.rules[r];
        if rule.onto != Onto::Cover {
            return super::text::targets(rule.onto, &self.enemy_words());
        }
        match rule.cover_only {
            // Covering only an opponent's piece in a line it nearly has.
            Some(_) => {
                let mut alts = vec![("{empty}".to_owned(), false)];
                if let Some(covered) = self.covered(k) {
                    let enemy = self.enemy_words();
                    alts.push((format!("{covered} {{{enemy}}} threat"), false));
                }
                alts
            }
            None => vec![(self.cover_test(k), false)],
        }
    }

    /// The test of a target of rule `r` for a piece of kind `k`, one test
    /// for everything it may hold.
    pub(super) fn onto_test_for(&self, r: usize, k: usize) -> String {
        let test = self.onto_test_without_sinks(r, k);
        match self.sink_landing(r, k) {
            Some(_) => format!("({test} | {{{}}})", self.sink_kind()),
            None => test,
        }
    }

    fn onto_test_without_sinks(&self, r: usize, k: usize) -> String {
        let rule = &self.p.rules[r];
        match (rule.onto, rule.cover_only) {
            (Onto::Cover, None) => self.cover_test(k),
            (Onto::Cover, Some(_)) => {
                let alts = self.targets_for(r, k).into_iter().map(|t| t.0).collect();
                super::text::choice(alts).expect("a target")
            }
            (onto, _) => super::text::onto_test(onto, &self.enemy_words()),
        }
    }

    /// The tops a piece of kind `k` covers, where the stack has room (no
    /// test: it covers none).
    fn covered(&self, k: usize) -> Option<String> {
        let test = self.cover_test(k);
        let rest = test.strip_prefix("{empty, ")?;
        Some(format!("{{{rest}"))
    }

    /// A threat through the cursor: a line of the outcome's length where
    /// the opponent shows every piece but at most one (besides the
    /// cursor's, tested before).
    pub(super) fn threat(&self, spec: &crate::vocab::schema::LineSpec) -> String {
        let n = usize::from(spec.length);
        let mut alts = Vec::new();
        let axes = crate::vocab::compile::line_axes(self.p.geometry.shape, &spec.directions);
        for (dx, dy) in axes {
            let (ahead, behind) = (self.step(dx, dy), self.step(-dx, -dy));
            for i in 0..n {
                // Cells 1..=i behind, 1..n-i ahead; `skip`: the one that
                // need not be the opponent's.
                for skip in 0..n {
                    let walk = |d: &str, from: usize, len: usize| -> String {
                        let steps: Vec<String> = (1..=len)
                            .map(|c| match from + c == skip {
                                true => d.to_owned(),
                                false => format!("{d} {{{}}}", self.enemy_words()),
                            })
                            .collect();
                        match steps.is_empty() {
                            true => String::new(),
                            false => format!("{{? {}}}", steps.join(" ")),
                        }
                    };
                    let back = walk(behind, 0, i);
                    let front = walk(ahead, i, n - 1 - i);
                    alts.push(super::text::join(&[&back, &front]));
                }
            }
        }
        alts.dedup();
        super::text::choice(alts).expect("a line has an axis")
    }

    /// An empty square or a top a piece of kind `k` covers, where the
    /// stack has room.
    fn cover_test(&self, k: usize) -> String {
        let p = self.p;
        let size = p.kinds[k].size;
        let covered = (0..p.kinds.len()).filter(|&o| match p.cover {
            Cover::Larger => p.kinds[o].size < size,
            _ => true,
        });
        let mut items = vec!["empty".to_owned()];
        items.extend(covered.flat_map(|o| self.kind_and_greys(o)));
        let mut sizes: Vec<u8> = p.kinds.iter().map(|k| k.size).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let tallest = match p.cover {
            Cover::Larger => sizes.len(),
            _ => usize::MAX,
        };
        let test = format!("{{{}}}", items.join(", "));
        match usize::from(p.height) < tallest {
            true => format!("{test} {{$ height < {}}}", p.height),
            false => test,
        }
    }

    /// Putting rule `r`'s piece of kind `k` on the cursor's square (a
    /// placed piece as its reserve stack gave it, plain or grey).
    pub(super) fn put_for(&self, r: usize, k: usize) -> String {
        match (&self.held, self.p.rules[r].mechanic) {
            (Some(held), Mechanic::Place) => self.put_held(k, held),
            _ => self.put_piece(k),
        }
    }

    /// Putting a piece of kind `k` on the cursor's square.
    pub(super) fn put_piece(&self, k: usize) -> String {
        match self.covering() {
            true => format!("[push {}]", self.kinds[k]),
            false => format!("[{}]", self.kinds[k]),
        }
    }

    /// Taking a moving piece off its square.
    pub(super) fn take_off(&self) -> &'static str {
        match self.covering() {
            true => "[pop]",
            false => "[empty]",
        }
    }

    /// The mark of a move's target square, after the square left.
    pub(super) fn to_mark(&self) -> &'static str {
        match self.separator {
            "" => "mark(-) mark",
            _ => "mark",
        }
    }
}
