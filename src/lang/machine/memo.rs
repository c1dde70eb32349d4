//! Remembered probes. A probe ([`Op::Probe`]: a pattern that only moves
//! and tests) decides from the cells it reads alone, for a given start
//! cell and player; the machine keeps each probe's answer with the cells
//! it read and their codes, and answers the same probe again without
//! running it while those cells still hold those codes. The answers are
//! kept from one search of a program to the next on a thread (a search
//! of another program forgets them). Listing a chess position asks
//! whether the king is attacked once per move, and a move that touches
//! none of the squares an earlier answer looked at gets that answer
//! back; an Othello position asks whether each empty square outflanks,
//! and most squares read nothing the last two moves changed.
//!
//! [`Op::Probe`]: super::super::program::Op::Probe

use super::Machine;

/// Probes of fewer instructions run faster than they are looked up.
const SHORTEST: usize = 8;
/// A probe that reads more cells than this is not kept.
const MOST_READS: usize = 256;
/// The reads kept in all, before every answer is forgotten.
const MOST_KEPT: usize = 1 << 16;
/// Answers kept at once (a power of two).
const SLOTS: usize = 1024;
/// The entries one probe at one cell may take (a power of two): a new
/// answer replaces the least recently used of them, so that the answer
/// for the position the search started from survives moves that change
/// what it read.
const WAYS: usize = 4;

/// Probes whose answers were looked up this many times, and found for
/// fewer than a quarter of them, are run without the memo for a while.
const TRIAL: u16 = 32;
/// Runs of a probe without the memo before it is tried again.
const REST: u16 = 1024;
/// Counters of how often each probe's answers are found (by a hash of
/// its instruction: two probes may share one).
const TALLIES: usize = 256;

/// The remembered answers of one program's searches on this thread.
#[derive(Default)]
pub(super) struct Memo {
    /// Whether this search looks answers up ([`remember_probes`]).
    on: bool,
    /// The program the answers belong to ([`Program::serial`]).
    ///
    /// [`Program::serial`]: super::super::program::Program::serial
    serial: u64,
    /// Entries of another generation were forgotten.
    generation: u32,
    entries: Vec<Entry>,
    /// Counts answers kept and given, to find the least recently used.
    clock: u32,
    /// The cells read by the answers and the codes they held, one answer's
    /// after another (while a probe runs, its reads so far at the end).
    pub(super) reads: Vec<(u16, u8)>,
    /// How often each probe's answers were found: see [`Tally`].
    tallies: Vec<Tally>,
}

/// Lookups, hits and runs without the memo of the probes counted
/// together.
#[derive(Clone, Copy, Default)]
struct Tally {
    asked: u16,
    found: u16,
    resting: u16,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    used: u32,
    generation: u32,
    pc: u32,
    cur: u16,
    player: u8,
    found: bool,
    start: u32,
    len: u32,
}

impl Memo {
    /// Readies the memo for a search of the program numbered `serial`:
    /// the answers kept for it hold (each is checked against the cells
    /// when asked), another program's are forgotten.
    pub(super) fn begin(&mut self, serial: u64) {
        self.on = remembering();
        if serial != self.serial || self.entries.len() != SLOTS {
            self.serial = serial;
            self.tallies.clear();
            self.tallies.resize(TALLIES, Tally::default());
            self.forget();
        }
    }

    /// Whether to look up the probe at `pc` (counting a run without).
    fn worth(&mut self, pc: usize) -> bool {
        let t = &mut self.tallies[pc % TALLIES];
        if t.asked < TRIAL || t.found >= t.asked / 4 {
            return true;
        }
        t.resting += 1;
        if t.resting >= REST {
            *t = Tally::default();
        }
        false
    }

    /// Counts a lookup of the probe at `pc`, found or not.
    fn tally(&mut self, pc: usize, found: bool) {
        let t = &mut self.tallies[pc % TALLIES];
        if t.asked == u16::MAX / 2 {
            (t.asked, t.found) = (t.asked / 2, t.found / 2);
        }
        t.asked += 1;
        t.found += u16::from(found);
    }

    /// Forgets every answer.
    fn forget(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 || self.entries.len() != SLOTS {
            self.entries.clear();
            self.entries.resize(SLOTS, Entry::default());
            self.generation = 1;
        }
        self.reads.clear();
        self.clock = 0;
    }

    /// The first of the [`WAYS`] entries a probe's answers may take.
    fn group(pc: usize, cur: u16, player: u8) -> usize {
        let key = (pc as u64) << 24 ^ u64::from(cur) << 8 ^ u64::from(player);
        (crate::mix::mix(key) as usize) & (SLOTS - WAYS)
    }

    /// The answer kept for this probe, if the cells one of its answers
    /// read hold what they held.
    fn answer(&mut self, pc: usize, cur: u16, player: u8, cells: &[u8]) -> Option<bool> {
        let group = Self::group(pc, cur, player);
        let (generation, reads) = (self.generation, &self.reads);
        let entries = self.entries.get_mut(group..group + WAYS)?;
        let e = entries.iter_mut().find(|e| {
            e.generation == generation
                && e.pc == pc as u32
                && e.cur == cur
                && e.player == player
                && reads[e.start as usize..][..e.len as usize]
                    .iter()
                    .all(|&(c, code)| cells[usize::from(c)] == code)
        })?;
        e.used = self.clock;
        self.clock = self.clock.saturating_add(1);
        Some(e.found)
    }

    /// Keeps `found` as the answer of the probe whose reads begin at
    /// `start`, unless they are too many.
    fn keep(&mut self, pc: usize, cur: u16, player: u8, start: usize, found: bool) {
        let len = self.reads.len() - start;
        if len > MOST_READS {
            self.reads.truncate(start);
            return;
        }
        if self.reads.len() > MOST_KEPT || self.clock == u32::MAX {
            self.forget();
            return;
        }
        let group = Self::group(pc, cur, player);
        let generation = self.generation;
        let oldest = (self.entries[group..group + WAYS].iter_mut())
            .min_by_key(|e| match e.generation == generation {
                true => e.used,
                false => 0,
            })
            .expect("ways");
        self.clock += 1;
        *oldest = Entry {
            used: self.clock,
            generation,
            pc: pc as u32,
            cur,
            player,
            found,
            start: start as u32,
            len: len as u32,
        };
    }
}

impl Machine<'_> {
    /// Whether the probe at `pc` (its body up to `end`) matches at `cur`:
    /// the remembered answer when it still holds, else the probe's run,
    /// remembered (unless this probe's answers are seldom asked again).
    #[inline(always)]
    pub(super) fn probe_at(&mut self, pc: usize, end: usize, cur: u16) -> bool {
        let start = self.s.memo.reads.len();
        if end - pc < SHORTEST || !self.s.memo.on || !self.s.memo.worth(pc) {
            let found = self.probe(pc + 1, cur);
            self.s.memo.reads.truncate(start);
            return found;
        }
        let s = &mut **self.s;
        if let Some(found) = s.memo.answer(pc, cur, self.player, &s.cells) {
            self.s.memo.tally(pc, true);
            // As the run would have: a probe starts an epoch.
            self.fresh();
            return found;
        }
        self.s.memo.tally(pc, false);
        let found = self.probe(pc + 1, cur);
        match self.fault {
            None => self.s.memo.keep(pc, cur, self.player, start, found),
            Some(_) => self.s.memo.reads.truncate(start),
        }
        found
    }
}

thread_local! {
    static OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether searches on this thread remember probes' answers (they do
/// unless told otherwise): for measuring what the memo saves, and for
/// testing it against the probes it stands for.
///
/// ```
/// use relic::lang::machine::remember_probes;
/// remember_probes(false);
/// // ... searches here run every probe ...
/// remember_probes(true);
/// ```
pub fn remember_probes(on: bool) {
    OFF.with(|off| off.set(!on));
}

/// Whether searches on this thread remember probes' answers.
pub(super) fn remembering() -> bool {
    !OFF.with(std::cell::Cell::get)
}
