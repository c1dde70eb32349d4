//! Every winning line checked at once on small boards: where a board has
//! at most 16 squares and 16 lines, the line table is also kept as 16-bit
//! words ([`LineTable::small`](super::compile::LineTable)), padded with
//! empty lines, and these loops over a fixed 16 words compile to a few
//! vector instructions instead of a loop over the lines.

/// The squares of `tops` (one player's visible pieces) that lie in a line
/// where that player shows all the line's pieces but at most one.
#[inline(always)]
pub(super) fn threatened(lines: &[u16; 16], tops: u16) -> u16 {
    let mut out = 0;
    for &mask in lines {
        let missing = mask & !tops;
        let threat = missing & missing.wrapping_sub(1) == 0;
        // Branch-free: whether a line is threatened is a coin toss.
        out |= tops & mask & 0u16.wrapping_sub(u16::from(threat));
    }
    out
}

/// Whether `tops` (one player's visible pieces) fills a line through a
/// square of `changed`.
#[inline(always)]
pub(super) fn any_full(lines: &[u16; 16], changed: u16, tops: u16) -> bool {
    lines.iter().fold(false, |full, &mask| {
        full | (mask & changed != 0 && mask & !tops == 0)
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::vocab::builtin_vocab;

    /// The 4x4 board's ten lines of four, as the compiler builds them.
    fn table() -> ([u16; 16], Vec<u16>) {
        let program = builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap();
        let lines = &program.lines;
        let masks = lines.masks.iter().map(|&m| m as u16).collect();
        (lines.small.expect("a 4x4 board has a small table"), masks)
    }

    #[test]
    fn the_small_table_holds_every_line_then_empty_words() {
        let (small, masks) = table();
        assert_eq!(masks.len(), 10);
        assert_eq!(&small[..10], &masks[..]);
        assert!(small[10..].iter().all(|&m| m == 0));
    }

    proptest! {
        #[test]
        fn all_at_once_agrees_with_line_by_line(tops: u16, changed: u16) {
            let (small, masks) = table();
            let threat = masks.iter()
                .filter(|&&m| (m & !tops).count_ones() <= 1)
                .fold(0, |out, &m| out | m & tops);
            prop_assert_eq!(threatened(&small, tops), threat);
            let full = masks.iter().any(|&m| m & changed != 0 && m & tops == m);
            prop_assert_eq!(any_full(&small, changed, tops), full);
        }
    }
}
