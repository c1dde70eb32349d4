//! Any bytes as a Stacked Tic-Tac-Toe instruction file: the codec and the
//! interpreter must never panic, and the output always ends with the
//! statistics of the external stacks.

#![no_main]

use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use relic::games::stacked_tictactoe::play_instructions;
use relic::vocab::{Program, builtin_vocab};

fn program() -> Arc<Program> {
    static PROGRAM: OnceLock<Arc<Program>> = OnceLock::new();
    PROGRAM
        .get_or_init(|| builtin_vocab("stacked-tic-tac-toe").unwrap().unwrap())
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    play_instructions(program(), data, &mut out).expect("writing to memory works");
    let text = String::from_utf8(out).expect("the output is UTF-8");
    assert!(text.contains("Statistics external stacks green player\n"));
});
