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

    /// Makes `cells` those of `new` (as long), noting each cell that
    /// changes (and telling `changed` of it), when the sets are filled for
    /// cells as many as these and codes below `codes`: a search starting
    /// from a position near the last one then keeps the sets without
    /// filling them again. Otherwise copies `new`, forgets the sets and
    /// returns false.
    ///
    /// ```
    /// use relic::lang::occupancy::Occupancy;
    /// let mut occ = Occupancy::default();
    /// let mut cells = vec![0, 2, 1, 2];
    /// occ.fill(&cells, 3);
    /// assert!(occ.update_to(&mut cells, &[2, 2, 1, 0], 3, |_| {}));
    /// assert_eq!(cells, [2, 2, 1, 0]);
    /// assert_eq!(occ.count(1 << 2), 2);
    /// ```
    pub fn update_to(
        &mut self,
        cells: &mut Vec<u8>,
        new: &[u8],
        codes: usize,
        mut changed: impl FnMut(u16),
    ) -> bool {
        let fits = self.filled
            && cells.len() == new.len()
            && self.words == new.len().div_ceil(64)
            && self.bits.len() == codes.max(1) * self.words;
        if !fits {
            cells.clear();
            cells.extend_from_slice(new);
            self.filled = false;
            return false;
        }
        let (mut now, mut then) = (cells.chunks_exact_mut(8), new.chunks_exact(8));
        let mut at = 0;
        for (a, b) in (&mut now).zip(&mut then) {
            if a != b {
                self.note(at, a, b, &mut changed);
            }
            at += 8;
        }
        self.note(at, now.into_remainder(), then.remainder(), &mut changed);
        true
    }

    /// Writes `new` over `cells` (cells `at ..`), noting those that change.
    fn note(&mut self, at: usize, cells: &mut [u8], new: &[u8], changed: &mut impl FnMut(u16)) {
        for (i, (a, &b)) in cells.iter_mut().zip(new).enumerate() {
            if *a != b {
                self.set((at + i) as u16, *a, b);
                changed((at + i) as u16);
                *a = b;
            }
        }
    }

    /// The first cell of `from .. to` holding a code in `mask`.
    ///
    /// ```
    /// use relic::lang::occupancy::Occupancy;
    /// let mut occ = Occupancy::default();
    /// occ.fill(&[0, 2, 1, 2], 3);
    /// assert_eq!(occ.first_in(1 << 2, 2, 4), Some(3));
    /// assert_eq!(occ.first_in(1 << 1, 3, 4), None);
    /// ```
    pub fn first_in(&self, mask: u128, from: u16, to: u16) -> Option<u16> {
        let (from, to) = (usize::from(from), usize::from(to));
        let mut w = from / 64;
        let mut bits = self.word(mask, w) & (!0u64 << (from % 64));
        loop {
            if bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                return (cell < to).then_some(cell as u16);
            }
            w += 1;
            if w * 64 >= to {
                return None;
            }
            bits = self.word(mask, w);
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

    /// The cells `64 w ..` holding a code in `mask`, as one word.
    pub fn word(&self, mask: u128, w: usize) -> u64 {
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
