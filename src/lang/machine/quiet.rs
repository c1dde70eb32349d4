//! Quiet cells of scans ([`crate::lang::quiet`]): a scan's pass skips a
//! cell where its guard failed until a cell of that cell's footprint
//! changes. The sets are kept with the thread's search buffers from one
//! search to the next, as the cells are: every change of a cell, made or
//! undone, and every difference between one search's cells and the
//! next's, forgets the quiet cells whose footprint holds it (noted when
//! it happens, forgotten when a scan next asks).

use super::super::program::Program;
use super::Machine;

/// The quiet cells of one program's scans.
#[derive(Default)]
pub(super) struct QuietCells {
    /// Whether this search skips quiet cells ([`keep_quiet_cells`]).
    on: bool,
    /// The program they belong to ([`Program::serial`]).
    serial: u64,
    /// One bit per cell for each set of [`Program::quiet_readers`].
    sets: Vec<Vec<u64>>,
    /// The player each set's cells were found quiet for.
    players: Vec<u8>,
    /// The cells changed since the sets last forgot what they read, once
    /// each (`pending`), and as a bit set (`dirty`): a change is noted in
    /// a step and the sets forget in one go when a scan next asks them.
    pending: Vec<u16>,
    dirty: Vec<u64>,
}

impl QuietCells {
    /// Readies the sets for a search of `p`; another program's are
    /// forgotten.
    pub(super) fn begin(&mut self, p: &Program) {
        self.on = !OFF.with(std::cell::Cell::get);
        if self.serial != p.serial.0 || self.sets.len() != p.quiet_readers.len() {
            self.serial = p.serial.0;
            let words = p.board.cells().div_ceil(64);
            self.sets = vec![vec![0; words]; p.quiet_readers.len()];
            self.players = vec![0; p.quiet_readers.len()];
            self.pending.clear();
            self.dirty = vec![0; words];
        }
    }

    /// Forgets every quiet cell.
    pub(super) fn forget(&mut self) {
        for set in &mut self.sets {
            set.fill(0);
        }
        self.pending.clear();
        self.dirty.fill(0);
    }

    /// Notes that `cell` changed: the quiet cells whose footprint holds
    /// it are forgotten before the sets are next asked.
    pub(super) fn touched(&mut self, cell: u16) {
        let (w, bit) = (usize::from(cell) / 64, 1 << (cell % 64));
        if self.dirty[w] & bit == 0 {
            self.dirty[w] |= bit;
            self.pending.push(cell);
        }
    }

    /// Forgets the quiet cells whose footprint holds a cell changed since
    /// the last time.
    fn settle(&mut self, p: &Program) {
        for &cell in &self.pending {
            for (set, readers) in self.sets.iter_mut().zip(&p.quiet_readers) {
                for &c in readers.of(cell) {
                    set[usize::from(c) / 64] &= !(1 << (c % 64));
                }
            }
            self.dirty[usize::from(cell) / 64] = 0;
        }
        self.pending.clear();
    }

    /// Whether `cell` is quiet in set `set` for `player`.
    fn quiet(&self, set: u16, cell: u16, player: u8) -> bool {
        let set = usize::from(set);
        self.players[set] == player
            && self.sets[set][usize::from(cell) / 64] >> (cell % 64) & 1 == 1
    }

    /// Notes `cell` quiet in set `set` for `player` (forgetting the set's
    /// cells found for another player).
    fn note(&mut self, set: u16, cell: u16, player: u8) {
        let set = usize::from(set);
        if self.players[set] != player {
            self.sets[set].fill(0);
            self.players[set] = player;
        }
        self.sets[set][usize::from(cell) / 64] |= 1 << (cell % 64);
    }
}

impl Machine<'_> {
    /// Notes that `cell` changed: the quiet cells that read it are no
    /// longer known quiet.
    #[inline]
    pub(super) fn touched(&mut self, cell: u16) {
        if !self.p.quiet_readers.is_empty() {
            self.s.quiet.touched(cell);
        }
    }

    /// Runs the body of the scan at `pc` once at `cell`, unless the scan
    /// keeps quiet cells (`quiet`: its guard and set) and the cell is
    /// quiet, or its guard fails there (then it is noted quiet).
    pub(super) fn scan_cell(&mut self, pc: usize, quiet: Option<(u32, u16)>, cell: u16) {
        if let Some((guard, set)) = quiet.filter(|_| self.s.quiet.on) {
            if !self.s.quiet.pending.is_empty() {
                self.s.quiet.settle(self.p);
            }
            if self.s.quiet.quiet(set, cell, self.player) {
                return;
            }
            if !self.pattern(guard as usize, cell) {
                if self.fault.is_none() {
                    self.s.quiet.note(set, cell, self.player);
                }
                return;
            }
        }
        self.once(pc + 1, cell);
    }
}

thread_local! {
    static OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether searches on this thread skip the cells their scans know quiet
/// (they do unless told otherwise): for measuring what that saves, and
/// for testing it against every cell's run.
///
/// ```
/// use relic::lang::machine::keep_quiet_cells;
/// keep_quiet_cells(false);
/// // ... every scan here runs its body at every cell ...
/// keep_quiet_cells(true);
/// ```
pub fn keep_quiet_cells(on: bool) {
    OFF.with(|off| off.set(!on));
}
