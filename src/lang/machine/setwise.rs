//! Patterns worked out for every cell at once ([`super::super::setwise`]
//! finds where, at load): the set of cells each instruction of a
//! pattern's body matches from, found backwards from its `Accept`, one
//! 64-bit word per 64 cells.

use super::super::board::OFF;
use super::super::program::Op;
use super::super::setwise::{Origin, Region, SetStep};
use super::{Machine, Step};

/// Cells an `any` must be able to choose from, per word of a set, for
/// its pattern to be worked out for all of them at once rather than
/// tried cell by cell.
const CELLS_PER_WORD: usize = 4;
/// The fewest cells for which a set is worked out.
const FEWEST_CELLS: usize = 8;

/// The buffers of the sets, kept between searches.
#[derive(Default)]
pub(super) struct SetBuffers {
    /// Whether this search works sets out ([`work_out_sets`]).
    on: bool,
    /// The set of each instruction of the region being worked out.
    sets: Vec<u64>,
    /// A set being built.
    next: Vec<u64>,
    /// The cells a slide's test passes.
    passing: Vec<u64>,
    /// Work sets of a slide.
    masked: Vec<u64>,
    stepped: Vec<u64>,
    /// Per class of regions, the set of its first instruction worked out
    /// last, with the epoch it was worked out in: every change starts a
    /// new epoch, and a search goes back to an epoch only with the cells
    /// it had (see `machine.rs`), so the set holds while the epoch is
    /// the same.
    known: Vec<Known>,
}

/// A set worked out in this epoch, for this player.
#[derive(Default)]
struct Known {
    epoch: Option<u32>,
    player: u8,
    set: Vec<u64>,
}

impl SetBuffers {
    /// Readies the buffers for a search: nothing known, and whether it
    /// works sets out.
    pub(super) fn begin(&mut self) {
        self.on = !SETS_OFF.with(std::cell::Cell::get);
        self.forget();
    }

    /// Forgets the sets known: a search starts, or the epochs start
    /// again from the first.
    pub(super) fn forget(&mut self) {
        for known in &mut self.known {
            known.epoch = None;
        }
    }
}

impl Machine<'_> {
    /// [`Op::Sets`] `r` at `pc`: its region worked out at once where
    /// that is worth it, else the instruction it stands for.
    pub(super) fn sets(&mut self, pc: usize, cur: u16, r: u32) -> Step {
        let p = self.p;
        let region = &p.setwise.regions[r as usize];
        match region.origin {
            Origin::Any { mask, probe } => {
                let mask = self.mask(mask);
                let at_once = match self.anchor(pc) {
                    None => self.any_at_once(region, mask, probe),
                    Some(_) => None,
                };
                at_once.unwrap_or_else(|| self.any_cell(pc, mask))
            }
            Origin::Pattern {
                positive,
                end,
                probe,
            } => {
                let matched = self
                    .pattern_at_once(region, probe)
                    .unwrap_or_else(|| match probe {
                        true => self.probe_at(pc, end as usize, cur) == positive,
                        false => self.matches(pc + 1, cur) == positive,
                    });
                match matched {
                    true if self.fault.is_none() => self.go_on(end as usize, cur),
                    _ => Step::Fail,
                }
            }
        }
    }

    /// An `any` of `mask` whose tests and pattern are `region`: continue
    /// after them from every cell of `mask` in the region's set, in turn;
    /// `None` where the cells are too few to be worth it (or the
    /// pattern's end decides the turn), to be tried one by one.
    fn any_at_once(&mut self, region: &Region, mask: u128, probe: bool) -> Option<Step> {
        let p = self.p;
        let end = region.end as usize;
        if p.decided.get(end).copied().unwrap_or(true) || !self.worth_it(mask) {
            return None;
        }
        let class = self.start_set(region);
        let mut first = None;
        for w in (0..p.setwise.words()).rev() {
            let mut bits = self.s.occ.word(mask, w) & self.s.sets.known[class].set[w];
            while bits != 0 {
                let top = 63 - bits.leading_zeros() as usize;
                bits &= !(1 << top);
                if let Some(later) = first.replace((w * 64 + top) as u16) {
                    // As the probe would have run there: a new epoch.
                    if probe {
                        self.fresh();
                    }
                    self.wait(end, later);
                }
            }
        }
        let first = first?;
        if probe {
            self.fresh();
        }
        Some(Step::Next(end, first))
    }

    /// Whether the pattern `{? any ...}` whose body is `region` (a probe
    /// when `probe`) matches, worked out at once; `None` where it is
    /// cheaper to search.
    fn pattern_at_once(&mut self, region: &Region, probe: bool) -> Option<bool> {
        let matched = self.body_matches(region)?;
        // As a probe would have: a new epoch (a pattern keeps its own).
        if probe {
            self.fresh();
        }
        Some(matched == region.positive)
    }

    /// Whether the body of the pattern whose region is `region` matches
    /// (from any cell: it starts with an `any`), worked out at once;
    /// `None` where it is cheaper to search. A body that is an `any`
    /// whose tests and pattern are a region of their own, or a pattern of
    /// its own, asks that region, with the sets it knows (`{! can-place}`
    /// after `any {empty} outflanks` in Othello, where `can-place` is
    /// `{? any {empty} outflanks}`).
    fn body_matches(&mut self, region: &Region) -> Option<bool> {
        let p = self.p;
        // The `any` the body starts with, and the region of its own that
        // says where the `any` goes on (when the body ends there).
        let (mask, inner) = match p.ops[region.start as usize] {
            Op::Sets(i) => {
                let inner = &p.setwise.regions[i as usize];
                match inner.origin {
                    Origin::Any { mask, .. } => {
                        let whole = matches!(p.ops.get(inner.end as usize), Some(Op::Accept));
                        (self.mask(mask), whole.then_some(inner))
                    }
                    Origin::Pattern { positive, .. } => {
                        return Some(self.body_matches(inner)? == positive);
                    }
                }
            }
            Op::AnyOf(m) => (self.mask(m), None),
            Op::Any => (u128::MAX, None),
            _ => return None,
        };
        if !self.worth_it(mask) {
            return None;
        }
        Some(match inner {
            Some(inner) => {
                let class = self.start_set(inner);
                self.meets(mask, &self.s.sets.known[class].set)
            }
            None => {
                let class = self.start_set(region);
                self.s.sets.known[class].set.iter().any(|&w| w != 0)
            }
        })
    }

    /// Whether an `any` of `mask` chooses among enough cells for sets to
    /// be worth working out (and this search works them out).
    fn worth_it(&mut self, mask: u128) -> bool {
        if !self.s.sets.on {
            return false;
        }
        self.occupancy_ready();
        let fewest = FEWEST_CELLS.max(CELLS_PER_WORD * self.p.setwise.words());
        self.s.occ.count(mask) >= fewest
    }

    /// Makes the set of `region`'s first instruction known for its class
    /// (worked out unless the one known still holds); the class.
    fn start_set(&mut self, region: &Region) -> usize {
        let (epoch, player) = (self.epoch, self.player);
        let class = region.class as usize;
        let classes = self.p.setwise.classes as usize;
        let b = &mut self.s.sets;
        if b.known.len() < classes {
            b.known.resize_with(classes, Known::default);
        }
        let known = &b.known[class];
        if known.epoch != Some(epoch) || known.player != player {
            self.work_out(region);
            let b = &mut self.s.sets;
            let known = &mut b.known[class];
            (known.epoch, known.player) = (Some(epoch), player);
            known.set.clear();
            known
                .set
                .extend_from_slice(&b.sets[..self.p.setwise.words()]);
        }
        class
    }

    /// Works out the set of every instruction of `region` (the first
    /// instruction's set first in the buffer).
    fn work_out(&mut self, region: &Region) {
        self.occupancy_ready();
        let words = self.p.setwise.words();
        let (start, end) = (region.start as usize, region.end as usize);
        let mut sets = std::mem::take(&mut self.s.sets);
        sets.sets.clear();
        sets.sets.resize((end - start) * words, 0);
        sets.sets.extend_from_slice(&self.p.setwise.all);
        for buffer in [
            &mut sets.next,
            &mut sets.passing,
            &mut sets.masked,
            &mut sets.stepped,
        ] {
            buffer.resize(words, 0);
        }
        loop {
            let mut changed = false;
            for &(slot, step) in &region.steps {
                self.set_of(step, &mut sets);
                let at = slot as usize * words;
                for (kept, &new) in sets.sets[at..at + words].iter_mut().zip(&sets.next) {
                    changed |= *kept != new;
                    *kept = new;
                }
            }
            if !region.repeats || !changed {
                break;
            }
        }
        self.s.sets = sets;
    }

    /// Puts in `b.next` the set of a region's instruction that does
    /// `step`, from the sets of the slots it goes on to.
    fn set_of(&self, step: SetStep, b: &mut SetBuffers) {
        let p = self.p;
        let words = p.setwise.words();
        let SetBuffers {
            sets,
            next,
            passing,
            masked,
            stepped,
            ..
        } = b;
        let slot = |i: u32| &sets[i as usize * words..][..words];
        let all = p.setwise.all.as_slice();
        match step {
            SetStep::Back { d, from } => self.back(d, slot(from), next),
            SetStep::BackAlias { a, from } => self.back(self.alias(a), slot(from), next),
            SetStep::Test { m, from } => {
                let (mask, from) = (self.mask(m), slot(from));
                for (w, out) in next.iter_mut().enumerate() {
                    *out = self.s.occ.word(mask, w) & from[w];
                }
            }
            SetStep::Goto { cell, from } => everywhere_if(holds(slot(from), cell), all, next),
            SetStep::Union { from, or } => {
                for ((out, &a), &b) in next.iter_mut().zip(slot(from)).zip(slot(or)) {
                    *out = a | b;
                }
            }
            SetStep::Same { from } => copy(slot(from), next),
            SetStep::Pattern {
                positive,
                body,
                then,
            } => {
                let (body, then) = (slot(body), slot(then));
                for (w, out) in next.iter_mut().enumerate() {
                    let matched = if positive { body[w] } else { !body[w] & all[w] };
                    *out = matched & then[w];
                }
            }
            SetStep::Any { m, from } => {
                let mask = m.map_or(u128::MAX, |m| self.mask(m));
                everywhere_if(self.meets(mask, slot(from)), all, next)
            }
            SetStep::Hop { h, from } => {
                let cells = p.board.cells();
                let table = &p.fused.hops[h as usize].to[usize::from(self.player) * cells..];
                back_by(cells, |cell| table[cell], slot(from), next);
            }
            SetStep::Slide { s, from } => {
                let slide = &p.fused.slides[s as usize];
                let mask = self.mask(slide.test);
                for (w, out) in passing.iter_mut().enumerate() {
                    *out = self.s.occ.word(mask, w);
                }
                let d = slide.dirs[usize::from(self.player)];
                self.slide_back(d, slot(from), passing, [masked, stepped], next);
            }
            SetStep::All => copy(all, next),
        }
    }

    /// Mask index `m` for the player.
    fn mask(&self, m: u16) -> u128 {
        self.p.masks[usize::from(m) * self.p.players.len() + usize::from(self.player)]
    }

    /// Player direction `a` for the player.
    fn alias(&self, a: u8) -> u8 {
        self.p.aliases[usize::from(a) * self.p.players.len() + usize::from(self.player)]
    }

    /// Whether a cell holding a code of `mask` is in `set`.
    fn meets(&self, mask: u128, set: &[u64]) -> bool {
        (set.iter().enumerate()).any(|(w, &bits)| self.s.occ.word(mask, w) & bits != 0)
    }

    /// The cells from which a walk along `d` over cells of `passing`
    /// (none or more steps) reaches a cell of `exit`: the least `x` with
    /// `x = exit | back(d, passing & x)`.
    fn slide_back(
        &self,
        d: u8,
        exit: &[u64],
        passing: &[u64],
        [masked, stepped]: [&mut Vec<u64>; 2],
        out: &mut [u64],
    ) {
        copy(exit, out);
        loop {
            for ((m, &p), &x) in masked.iter_mut().zip(passing).zip(out.iter()) {
                *m = p & x;
            }
            self.back(d, masked, stepped);
            let mut grew = false;
            for (o, &s) in out.iter_mut().zip(stepped.iter()) {
                grew |= s & !*o != 0;
                *o |= s;
            }
            if !grew {
                break;
            }
        }
    }

    /// The cells one step along `d` from which is a cell of `set`.
    fn back(&self, d: u8, set: &[u64], out: &mut [u64]) {
        let dir = &self.p.setwise.dirs[usize::from(d)];
        match dir.offset {
            Some(k) => shifted(set, k, out),
            None => {
                let board = &self.p.board;
                back_by(
                    board.cells(),
                    |cell| board.neighbour(cell as u16, d),
                    set,
                    out,
                )
            }
        }
        for (o, &h) in out.iter_mut().zip(&dir.has) {
            *o &= h;
        }
    }
}

/// `to` made `from` (as long), word by word: sets are a word or a few,
/// too short for a call to copy memory to pay.
#[inline]
fn copy(from: &[u64], to: &mut [u64]) {
    for (t, &f) in to.iter_mut().zip(from) {
        *t = f;
    }
}

/// Whether `cell` is in `set`.
fn holds(set: &[u64], cell: u16) -> bool {
    set[usize::from(cell) / 64] >> (cell % 64) & 1 == 1
}

/// The cells whose step `to` (a cell, or [`OFF`]) is in `set`, one by
/// one: a step that is no fixed number of cells on (a link of a graph
/// board, a chain of steps).
fn back_by(cells: usize, to: impl Fn(usize) -> u16, set: &[u64], out: &mut [u64]) {
    out.fill(0);
    for cell in 0..cells {
        let to = to(cell);
        if to != OFF && holds(set, to) {
            out[cell / 64] |= 1 << (cell % 64);
        }
    }
}

/// Every cell where `hit`, else none.
fn everywhere_if(hit: bool, all: &[u64], out: &mut [u64]) {
    match hit {
        true => copy(all, out),
        false => out.fill(0),
    }
}

/// `out`'s cell `c` is `set`'s cell `c + k` (none past either end).
fn shifted(set: &[u64], k: i32, out: &mut [u64]) {
    let words = set.len() as i64;
    let (q, r) = (i64::from(k).div_euclid(64), k.rem_euclid(64) as u32);
    let word = |i: i64| match (0..words).contains(&i) {
        true => set[i as usize],
        false => 0,
    };
    for (w, o) in out.iter_mut().enumerate() {
        let at = w as i64 + q;
        *o = match r {
            0 => word(at),
            _ => word(at) >> r | word(at + 1) << (64 - r),
        };
    }
}

thread_local! {
    static SETS_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether searches on this thread work patterns out for every cell at
/// once where they can (they do unless told otherwise): for measuring
/// what that saves, and for testing it against the searches it stands
/// for.
///
/// ```
/// use relic::lang::machine::work_out_sets;
/// work_out_sets(false);
/// // ... every pattern here is tried cell by cell ...
/// work_out_sets(true);
/// ```
pub fn work_out_sets(on: bool) {
    SETS_OFF.with(|off| off.set(!on));
}
