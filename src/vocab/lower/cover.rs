//! Covering (`[stacking]`, `onto = "cover"`) lowered onto the core's
//! stacks: a piece lands with `[push KIND]` on an empty square or on a top
//! it may cover (a strictly smaller size, or any piece, where the stack has
//! room), and a moving piece leaves with `[pop]`, uncovering what was
//! under it. Where placements name their kind beside moves, the marks
//! carry their own punctuation (`large@b2`, `a1-b2`) and join with no
//! separator.

use super::Lowering;
use crate::vocab::schema::{Cover, Onto};

impl Lowering<'_> {
    /// Whether pieces stack (the ruleset has `[stacking]`).
    pub(super) fn covering(&self) -> bool {
        self.p.cover != Cover::None
    }

    /// What a target may hold for a piece of kind `k` landing by `onto`,
    /// each with whether it is a capture.
    pub(super) fn targets_for(&self, onto: Onto, k: usize) -> Vec<(String, bool)> {
        if onto != Onto::Cover {
            let fixed = super::text::targets(onto).iter();
            return fixed.map(|&(t, capture)| (t.to_owned(), capture)).collect();
        }
        vec![(self.cover_test(k), false)]
    }

    /// The test of a target for `onto` and a piece of kind `k`, one test
    /// for everything it may hold.
    pub(super) fn onto_test_for(&self, onto: Onto, k: usize) -> String {
        match onto {
            Onto::Cover => self.cover_test(k),
            _ => super::text::onto_test(onto),
        }
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
        items.extend(covered.map(|o| self.kinds[o].clone()));
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
