//! Every integration test of the crate, in one test binary.
//!
//! Each file `tests/NAME.rs` is the module `NAME` here, so `cargo test
//! --test suite NAME::` runs one file's tests and `cargo test --test suite
//! NAME::TEST` one test. One binary instead of one per file: the library's
//! generic code is compiled and linked once, not 166 times, which made the
//! test build several times faster and its target folder about a tenth of
//! the size. The files stay where they were so that their snapshots
//! (`tests/snapshots/suite__NAME__*.snap`), proptest regressions and
//! relative paths stay beside them. `tests/skips.rs` has a harness of its
//! own and stays a binary of its own.
//!
//! A new test file is added to the list below; `every_test_file_is_in_the_suite`
//! fails while one is missing (with `autotests = false` cargo would
//! otherwise never build it).

#[path = "../common/mod.rs"]
mod common;
#[path = "../gui_support/mod.rs"]
mod gui_support;
#[path = "../module_graph/mod.rs"]
mod module_graph;
// The hand-specialised Moving Maze of the benchmarks, which `sim_specialised`
// checks against the engine.
#[path = "../board_check_cli.rs"]
mod board_check_cli;
#[path = "../board_files.rs"]
mod board_files;
#[path = "../board_fixtures.rs"]
mod board_fixtures;
#[path = "../board_props.rs"]
mod board_props;
#[path = "../board_shipped.rs"]
mod board_shipped;
#[path = "../boardgen_valid.rs"]
mod boardgen_valid;
#[path = "../bots_generic.rs"]
mod bots_generic;
#[path = "../bots_mcts_strength.rs"]
mod bots_mcts_strength;
#[path = "../bots_strength.rs"]
mod bots_strength;
#[path = "../bots_transcript.rs"]
mod bots_transcript;
#[path = "../bots_variants.rs"]
mod bots_variants;
#[path = "../boulder_dash_boards.rs"]
mod boulder_dash_boards;
#[path = "../boulder_dash_cases.rs"]
mod boulder_dash_cases;
#[path = "../boulder_dash_conformance.rs"]
mod boulder_dash_conformance;
#[path = "../boulder_dash_props.rs"]
mod boulder_dash_props;
#[path = "../boulder_dash_variants.rs"]
mod boulder_dash_variants;
#[path = "../cave_check.rs"]
mod cave_check;
#[path = "../cave_solve.rs"]
mod cave_solve;
#[path = "../cli_errors.rs"]
mod cli_errors;
#[path = "../cli_habits.rs"]
mod cli_habits;
#[path = "../conformance.rs"]
mod conformance;
#[path = "../core_arithmetic.rs"]
mod core_arithmetic;
#[path = "../core_at.rs"]
mod core_at;
#[path = "../core_cells.rs"]
mod core_cells;
#[path = "../core_decided.rs"]
mod core_decided;
#[path = "../core_diagnostics.rs"]
mod core_diagnostics;
#[path = "../core_games.rs"]
mod core_games;
#[path = "../core_hidden_kinds.rs"]
mod core_hidden_kinds;
#[path = "../core_holes.rs"]
mod core_holes;
#[path = "../core_lines.rs"]
mod core_lines;
#[path = "../core_listing.rs"]
mod core_listing;
#[path = "../core_listing_numbers.rs"]
mod core_listing_numbers;
#[path = "../core_look.rs"]
mod core_look;
#[path = "../core_memo.rs"]
mod core_memo;
#[path = "../core_numbers.rs"]
mod core_numbers;
#[path = "../core_owners.rs"]
mod core_owners;
#[path = "../core_physics.rs"]
mod core_physics;
#[path = "../core_player_copies.rs"]
mod core_player_copies;
#[path = "../core_position.rs"]
mod core_position;
#[path = "../core_quiet.rs"]
mod core_quiet;
#[path = "../core_quoted_marks.rs"]
mod core_quoted_marks;
#[path = "../core_reach.rs"]
mod core_reach;
#[path = "../core_repeats.rs"]
mod core_repeats;
#[path = "../core_repetition_rules.rs"]
mod core_repetition_rules;
#[path = "../core_setwise.rs"]
mod core_setwise;
#[path = "../core_sfen.rs"]
mod core_sfen;
#[path = "../core_shapes.rs"]
mod core_shapes;
#[path = "../core_spellings.rs"]
mod core_spellings;
#[path = "../core_stacks.rs"]
mod core_stacks;
#[path = "../core_turn.rs"]
mod core_turn;
#[path = "../core_typed_apart.rs"]
mod core_typed_apart;
#[path = "../cs144.rs"]
mod cs144;
#[path = "../diagnostics_examples.rs"]
mod diagnostics_examples;
#[path = "../diagnostics_explain.rs"]
mod diagnostics_explain;
#[path = "../diagnostics_long_lines.rs"]
mod diagnostics_long_lines;
#[path = "../docs_tutorial.rs"]
mod docs_tutorial;
#[path = "../engine_props.rs"]
mod engine_props;
#[path = "../engine_setup.rs"]
mod engine_setup;
#[path = "../engine_snapshots.rs"]
mod engine_snapshots;
#[path = "../escape_conformance.rs"]
mod escape_conformance;
#[path = "../escape_core_games.rs"]
mod escape_core_games;
#[path = "../escape_diagnostics.rs"]
mod escape_diagnostics;
#[path = "../escape_game.rs"]
mod escape_game;
#[path = "../escape_moves_lowered.rs"]
mod escape_moves_lowered;
#[path = "../escape_props.rs"]
mod escape_props;
#[path = "../escape_rules.rs"]
mod escape_rules;
#[path = "../escape_stacks.rs"]
mod escape_stacks;
#[path = "../escape_variants.rs"]
mod escape_variants;
#[path = "../every_game_tools.rs"]
mod every_game_tools;
#[path = "../fen_setups.rs"]
mod fen_setups;
#[path = "../fmt_cli.rs"]
mod fmt_cli;
#[path = "../guards_props.rs"]
mod guards_props;
#[path = "../gui_boards.rs"]
mod gui_boards;
#[path = "../gui_browser.rs"]
mod gui_browser;
#[path = "../gui_cave.rs"]
mod gui_cave;
#[path = "../gui_cli.rs"]
mod gui_cli;
#[path = "../gui_core.rs"]
mod gui_core;
#[path = "../gui_escape.rs"]
mod gui_escape;
#[path = "../gui_http.rs"]
mod gui_http;
#[path = "../gui_maze_runner.rs"]
mod gui_maze_runner;
#[path = "../gui_messages.rs"]
mod gui_messages;
#[path = "../gui_rules_text.rs"]
mod gui_rules_text;
#[path = "../gui_stacked.rs"]
mod gui_stacked;
#[path = "../gui_tictactoe.rs"]
mod gui_tictactoe;
#[path = "../gui_undo.rs"]
mod gui_undo;
#[path = "../hostile_text.rs"]
mod hostile_text;
#[path = "../input_special_files.rs"]
mod input_special_files;
#[path = "../journey_core_games.rs"]
mod journey_core_games;
#[path = "../large_inputs.rs"]
mod large_inputs;
#[path = "../legality_in_the_game.rs"]
mod legality_in_the_game;
#[path = "../lsp_client.rs"]
mod lsp_client;
#[path = "../maze_core_games.rs"]
mod maze_core_games;
#[path = "../maze_runner_conformance.rs"]
mod maze_runner_conformance;
#[path = "../maze_runner_harness.rs"]
mod maze_runner_harness;
#[path = "../maze_runner_levels.rs"]
mod maze_runner_levels;
#[path = "../maze_runner_newcomer.rs"]
mod maze_runner_newcomer;
#[path = "../maze_runner_scenarios.rs"]
mod maze_runner_scenarios;
#[path = "../maze_runner_solve.rs"]
mod maze_runner_solve;
#[path = "../mixed_escape_variants.rs"]
mod mixed_escape_variants;
#[path = "../mixed_maze_variants.rs"]
mod mixed_maze_variants;
#[path = "../mixed_variants.rs"]
mod mixed_variants;
#[path = "../module_cycles.rs"]
mod module_cycles;
#[path = "../movement_lowered.rs"]
mod movement_lowered;
#[path = "../movement_props.rs"]
mod movement_props;
#[path = "../moving_maze_contract.rs"]
mod moving_maze_contract;
#[path = "../moving_maze_harness.rs"]
mod moving_maze_harness;
#[path = "../names_control_characters.rs"]
mod names_control_characters;
#[path = "../observe.rs"]
mod observe;
#[path = "../output_closed_pipe.rs"]
mod output_closed_pipe;
#[path = "../play_core.rs"]
mod play_core;
#[path = "../playground_browser.rs"]
mod playground_browser;
#[path = "../playground_dist.rs"]
mod playground_dist;
#[path = "../quit_leave.rs"]
mod quit_leave;
#[path = "../../benches/support/random_turns.rs"]
mod random_turns;
#[path = "../reader_props.rs"]
mod reader_props;
#[path = "../registry.rs"]
mod registry;
#[path = "../registry_tools.rs"]
mod registry_tools;
#[path = "../replay_cli.rs"]
mod replay_cli;
#[path = "../replay_roundtrip.rs"]
mod replay_roundtrip;
#[path = "../report_cap.rs"]
mod report_cap;
#[path = "../rules_builtin_names.rs"]
mod rules_builtin_names;
#[path = "../rules_cases.rs"]
mod rules_cases;
#[path = "../rules_cli.rs"]
mod rules_cli;
#[path = "../rules_decided.rs"]
mod rules_decided;
#[path = "../rules_diagnostics.rs"]
mod rules_diagnostics;
#[path = "../rules_explain.rs"]
mod rules_explain;
#[path = "../rules_extends_chain.rs"]
mod rules_extends_chain;
#[path = "../rules_hostile.rs"]
mod rules_hostile;
#[path = "../rules_lowered.rs"]
mod rules_lowered;
#[path = "../rules_messages.rs"]
mod rules_messages;
#[path = "../rules_schema.rs"]
mod rules_schema;
#[path = "../rules_unset.rs"]
mod rules_unset;
#[path = "../save_files.rs"]
mod save_files;
#[path = "../save_writing.rs"]
mod save_writing;
#[path = "../sim_cli.rs"]
mod sim_cli;
#[path = "../sim_generic.rs"]
mod sim_generic;
#[path = "../sim_merge_hostile.rs"]
mod sim_merge_hostile;
#[path = "../sim_specialised.rs"]
mod sim_specialised;
#[path = "../sim_totals.rs"]
mod sim_totals;
#[path = "../solver_cli.rs"]
mod solver_cli;
#[path = "../solver_exhsearch.rs"]
mod solver_exhsearch;
#[path = "../solver_play.rs"]
mod solver_play;
#[path = "../solver_steps.rs"]
mod solver_steps;
#[path = "../../benches/support/specialised.rs"]
mod specialised;
#[path = "../stacked_bots.rs"]
mod stacked_bots;
#[path = "../stacked_conformance.rs"]
mod stacked_conformance;
#[path = "../stacked_scenarios.rs"]
mod stacked_scenarios;
#[path = "../startup_layout.rs"]
mod startup_layout;
#[path = "../text_robustness.rs"]
mod text_robustness;
#[path = "../text_scenarios.rs"]
mod text_scenarios;
#[path = "../text_stacks.rs"]
mod text_stacks;
#[path = "../text_undo.rs"]
mod text_undo;
#[path = "../text_variants.rs"]
mod text_variants;
#[path = "../tools_cli.rs"]
mod tools_cli;
#[path = "../tools_tictactoe.rs"]
mod tools_tictactoe;
#[path = "../value_solve.rs"]
mod value_solve;
#[path = "../vocab_cli.rs"]
mod vocab_cli;
#[path = "../vocab_diagnostics.rs"]
mod vocab_diagnostics;
#[path = "../vocab_flow.rs"]
mod vocab_flow;
#[path = "../vocab_games.rs"]
mod vocab_games;
#[path = "../vocab_lowered.rs"]
mod vocab_lowered;
#[path = "../vocab_perft.rs"]
mod vocab_perft;
#[path = "../vocab_quit.rs"]
mod vocab_quit;
#[path = "../vocab_same_games.rs"]
mod vocab_same_games;
#[path = "../vocab_step_moves.rs"]
mod vocab_step_moves;
#[path = "../walker_core.rs"]
mod walker_core;
#[path = "../walker_core_games.rs"]
mod walker_core_games;
#[path = "../walker_lowered.rs"]
mod walker_lowered;
#[path = "../walker_physics_core.rs"]
mod walker_physics_core;
#[path = "../walker_settle_props.rs"]
mod walker_settle_props;

/// Every `tests/*.rs` file but `skips.rs` is a module of this binary.
#[test]
fn every_test_file_is_in_the_suite() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let listed = include_str!("main.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if name.ends_with(".rs") && name != "skips.rs" {
            let declared = format!("#[path = \"../{name}\"]");
            if !listed.contains(&declared) {
                missing.push(name.to_owned());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "add to tests/suite/main.rs: {missing:?}"
    );
}
