//! The tables of the scans that keep quiet cells ([`super::quiet`], the
//! analysis that builds them at load): which scans, their guards, and
//! the cells each cell's footprint holds. A leaf: the program holds
//! them, the analysis and the interpreter read them.

/// One scan whose quiet cells are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuietScan {
    /// The `Op::Scan` instruction.
    pub scan: u32,
    /// The first instruction of its guard.
    pub guard: u32,
    /// Which set of quiet cells it keeps (scans with the same guard and
    /// footprint share one).
    pub set: u16,
}

/// For one set of quiet cells: the scanned cells whose footprint holds
/// each cell (`cells[starts[x] .. starts[x + 1]]` for cell `x`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Readers {
    /// Where each cell's readers begin in `cells`, and the end.
    pub starts: Vec<u32>,
    /// The readers, cell after cell.
    pub cells: Vec<u16>,
}

impl Readers {
    /// The scanned cells whose footprint holds `cell`.
    pub fn of(&self, cell: u16) -> &[u16] {
        let c = usize::from(cell);
        &self.cells[self.starts[c] as usize..self.starts[c + 1] as usize]
    }
}
