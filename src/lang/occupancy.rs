//! Where each cell code stands: one bit set per code, kept beside the
//! cells by every change a search makes and undoes, so that `any {test}`
//! visits only the cells holding a code the test passes, and `count`
//! counts them, without scanning the board. A search fills the sets when
//! it first needs them: until then (and after [`Occupancy::forget`])
//! changes are not noted.

/// One bit set of cells per code.
#[derive(Clone, Debug, Default)]
pub struct Occupancy {
    /// 64-bit words per code.
    words: usize,
    /// `bits[code * words + w]`: cells `64 w ..` holding `code`.
    bits: Vec<u64>,
    /// Whether the sets were filled and are kept.
    filled: bool,
}

impl Occupancy {
    /// Rebuilds the sets from `cells`, for codes below `codes`.
    ///
    /// ```
    /// use relic::lang::occupancy::Occupancy;
    /// let mut occ = Occupancy::default();
    /// occ.fill(&[0, 2, 1, 2], 3);
    /// assert_eq!(occ.count(1 << 2), 2);
    /// ```
    pub fn fill(&mut self, cells: &[u8], codes: usize) {
        self.filled = true;
        self.words = cells.len().div_ceil(64);
        self.bits.clear();
        self.bits.resize(codes.max(1) * self.words, 0);
        for (cell, &code) in cells.iter().enumerate() {
            self.bits[usize::from(code) * self.words + cell / 64] |= 1 << (cell % 64);
        }
    }

    /// Whether the sets were filled (and kept since).
    pub fn filled(&self) -> bool {
        self.filled
    }

    /// Stops keeping the sets, until they are filled again.
    pub fn forget(&mut self) {
        self.filled = false;
    }

    /// Notes that `cell` changed from code `old` to `new` (nothing, while
    /// the sets are not filled).
    pub fn set(&mut self, cell: u16, old: u8, new: u8) {
        if !self.filled {
            return;
        }
        let (w, bit) = (usize::from(cell) / 64, 1u64 << (cell % 64));
        self.bits[usize::from(old) * self.words + w] &= !bit;
        self.bits[usize::from(new) * self.words + w] |= bit;
    }

    /// The cells `64 w ..` holding a code in `mask`.
    fn word(&self, mask: u128, w: usize) -> u64 {
        let (mut m, mut bits) = (mask, 0);
        while m != 0 {
            let code = m.trailing_zeros() as usize;
            match self.bits.get(code * self.words + w) {
                Some(b) => bits |= b,
                None => break,
            }
            m &= m - 1;
        }
        bits
    }

    /// Calls `f` on every cell holding a code in `mask`, the last cell
    /// first.
    ///
    /// ```
    /// use relic::lang::occupancy::Occupancy;
    /// let mut occ = Occupancy::default();
    /// occ.fill(&[0, 2, 1, 2], 3);
    /// let mut seen = Vec::new();
    /// occ.each_down(1 << 2 | 1 << 1, |c| seen.push(c));
    /// assert_eq!(seen, [3, 2, 1]);
    /// ```
    pub fn each_down(&self, mask: u128, mut f: impl FnMut(u16)) {
        for w in (0..self.words).rev() {
            let mut bits = self.word(mask, w);
            while bits != 0 {
                let top = 63 - bits.leading_zeros() as usize;
                f((w * 64 + top) as u16);
                bits &= !(1 << top);
            }
        }
    }

    /// The number of cells holding a code in `mask`.
    pub fn count(&self, mask: u128) -> usize {
        (0..self.words)
            .map(|w| self.word(mask, w).count_ones() as usize)
            .sum()
    }
}
