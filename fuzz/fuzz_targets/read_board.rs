//! Any bytes as a board file: the reader must never panic; a board it
//! accepts must print back to text that reads as the same board; a file it
//! rejects must come with at least one problem that renders and serialises.

#![no_main]

use libfuzzer_sys::fuzz_target;
use relic::board::{BoardLimits, parse_board, read_board_bytes};

fuzz_target!(|data: &[u8]| {
    let limits = BoardLimits::default();
    match read_board_bytes("fuzz.gbf", data.to_vec(), &limits) {
        Ok(board) => {
            let printed = board.to_gbf();
            let again = parse_board(&printed, &limits).expect("a printed board reads back");
            assert_eq!(again, board);
        }
        Err(error) => {
            assert!(!error.report.is_ok(), "rejected without a problem");
            assert!(!error.report.render(80).is_empty());
            assert_eq!(
                error.report.json_diagnostics().len(),
                error.report.problems.len()
            );
        }
    }
});
