//! `{@ a1, h8}`, the test that the cursor is on one of the cells named:
//! the same games as the same test written with the board's edges, in
//! macros with a cell as argument, refused for a cell the board lacks,
//! and read back from the expanded form; ranges (`{@ a1:b2}`) are the
//! rectangle between their corners.

use relic::games::{CoreRules, Registered};
use relic::lang::{CoreGame, parse_core_resolved};
use relic::perft::perft;

/// Stones placed on a 3x3 board; one in a corner wins, else the rules
/// go on. `corner` is the test of a corner.
fn corners(corner: &str) -> String {
    format!(
        "game = \"core\"\nname = \"Corners\"\nplayers = [\"a\", \"b\"]\n\
         rules = \"any {{empty}} [stone] mark (corner end(win) | {{! corner}} ->next)\"\n\
         [board]\nwidth = 3\nheight = 3\n\
         [[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n\
         [macros]\ncorner = \"{corner}\"\n\"at(c)\" = \"{{@ c}}\"\n"
    )
}

fn game(source: &str) -> Result<CoreGame, String> {
    let (_, program) =
        parse_core_resolved(source, "corners.toml", None).map_err(|e| e.render(80))?;
    Ok(CoreGame::new(program))
}

fn counts(source: &str) -> Vec<u64> {
    let game = game(source).unwrap_or_else(|e| panic!("{e}"));
    perft(&game, 4, false)
        .iter()
        .map(|r| r.leaves as u64)
        .collect()
}

#[test]
fn the_cursor_on_named_cells_is_the_cursor_at_the_corners() {
    let by_edges = counts(&corners("({! w} | {! e}) ({! n} | {! s})"));
    assert_eq!(counts(&corners("{@ a1, c1, a3, c3}")), by_edges);
    assert_eq!(counts(&corners("{@ c3, a1, a1, c1, a3}")), by_edges);
    assert_eq!(
        counts(&corners("(at(a1) | at(c1) | at(a3) | at(c3))")),
        by_edges
    );
    // The first stone wins in a corner: four games end at once.
    assert_eq!(by_edges[..2], [9, 5 * 8]);
}

#[test]
fn a_cell_the_board_lacks_is_refused() {
    let refused = game(&corners("{@ a1, d4}")).expect_err("d4 is off the board");
    assert!(refused.contains("core::name::unknown"), "{refused}");
    assert!(refused.contains("d4"), "{refused}");
}

#[test]
fn the_expanded_form_reads_back() {
    let source = corners("{@ a1, c1, a3, c3}");
    let rules = CoreRules::parse_rules(&source, "corners", None).unwrap();
    let expanded = CoreRules::expanded_toml(&rules);
    assert!(expanded.contains("{@ a1, c1, a3, c3}"), "{expanded}");
    let again = CoreRules::parse_rules(&expanded, "expanded", None).unwrap();
    assert_eq!(again.program.ops, rules.program.ops);
}

#[test]
fn a_range_is_the_rectangle_between_its_corners() {
    let by_edges = counts(&corners("({! w} | {! e}) ({! n} | {! s})"));
    // Corners as one-cell ranges, written either way round.
    assert_eq!(counts(&corners("{@ a1:a1, c3:c3, c1, a3}")), by_edges);
    // The bottom row, the left column, the whole board.
    let bottom = counts(&corners("{! s}"));
    assert_eq!(counts(&corners("{@ c1:a1}")), bottom);
    assert_eq!(counts(&corners("{@ a1:c1}")), bottom);
    assert_eq!(counts(&corners("{@ a3:a1}")), counts(&corners("{! w}")));
    assert_eq!(
        counts(&corners("{@ c3:a1}")),
        counts(&corners("{? n | s | {! n}}"))
    );
    let refused = game(&corners("{@ a1:d4}")).expect_err("d4 is off the board");
    assert!(refused.contains("core::name::unknown"), "{refused}");
    let refused = game(&corners("{@ a1-c1}")).expect_err("not a range");
    assert!(refused.contains("`:` (a range of cells)"), "{refused}");
    let source = corners("{@ a1:b2, c3}");
    let rules = CoreRules::parse_rules(&source, "corners", None).unwrap();
    let expanded = CoreRules::expanded_toml(&rules);
    assert!(expanded.contains("{@ a1:b2, c3}"), "{expanded}");
}
