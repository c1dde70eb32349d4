//! `cells(e)`, the value counting the different cells the ways of `e`
//! end on from the cursor: counts on a small board (ways to one cell
//! counted once, the cursor's own cell when a way ends there, nothing
//! the ways do kept), a `cells` inside a `cells`, marks refused inside
//! it, and Lines of Action written with it (its connection test and its
//! count of a line's pieces) playing the same games as the same rules
//! written with repeated scans and a counting walk.

use relic::contract::Game;
use relic::lang::{CoreGame, builtin_core, load_core_resolved, parse_core_resolved};
use relic::perft::perft;

/// A 4x3 board with stones on a1, b1 and d3, whose rules place a stone
/// on an empty cell where `test` holds.
fn board(test: &str) -> Result<CoreGame, String> {
    let toml = format!(
        "game = \"core\"\nname = \"Cells\"\nplayers = [\"a\", \"b\"]\n\
         rules = \"any {{empty}} mark {test} [stone] ->next\"\n\
         [board]\nwidth = 4\nheight = 3\nsetup = [\"...A\", \"....\", \"AA..\"]\n\
         [[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n\
         [macros]\nadj = \"n | e | s | w\"\n"
    );
    let (_, program) = parse_core_resolved(&toml, "cells.toml", None).map_err(|e| e.render(80))?;
    Ok(CoreGame::new(program))
}

fn placed(test: &str) -> Vec<String> {
    let game = board(test).unwrap_or_else(|e| panic!("{e}"));
    (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect()
}

#[test]
fn ways_to_one_cell_count_once() {
    // The empty cells of the two lower rows have a cell north of them;
    // the top row's have none.
    assert_eq!(placed("{$ cells(n | n) == 1}").len(), 6);
    assert_eq!(placed("{$ cells(n | n) == 0}"), ["a3", "b3", "c3"]);
    // Corners have two neighbours, edges three, the middle four.
    assert_eq!(placed("{$ cells(adj) == 2}"), ["d1", "a3"]);
    assert_eq!(placed("{$ cells(adj) == 4}"), ["b2", "c2"]);
}

#[test]
fn a_flood_counts_its_cells_and_changes_nothing() {
    // The empty cells connected to the cursor, the cursor's own included.
    assert_eq!(placed("{$ cells(reach(adj {empty})) == 9}").len(), 9);
    // A way that puts a stone leaves no stone behind.
    assert_eq!(
        placed("{$ cells(e [stone]) >= 0} {$ count{stone} == 3}").len(),
        9
    );
    // The stones of the groups beside a cell: a1 and b1 beside c1, a2
    // and b2; d3 alone beside d2 and c3.
    let group = |n: u32| {
        placed(&format!(
            "{{$ cells(adj {{stone}} reach(adj {{stone}})) == {n}}}"
        ))
    };
    assert_eq!(group(2), ["c1", "a2", "b2"]);
    assert_eq!(group(1), ["d2", "c3"]);
}

#[test]
fn a_cells_value_may_count_inside_another() {
    // Cells beside a cell that has four neighbours (b2 or c2).
    assert_eq!(
        placed("{$ cells(adj {$ cells(adj) == 4}) >= 1}"),
        ["c1", "a2", "b2", "c2", "d2", "b3", "c3"]
    );
}

#[test]
fn marks_inside_cells_are_refused() {
    let refused = board("{$ cells(n mark) == 1}").expect_err("a mark is refused");
    assert!(refused.contains("core::pattern::effect"), "{refused}");
}

#[test]
fn connection_by_cells_plays_as_connection_by_scans() {
    let scans = "tests/fixtures/core-cells/lines-of-action-scans.toml";
    let (_, scans) = load_core_resolved(std::path::Path::new(scans)).unwrap();
    let cells = builtin_core("lines-of-action").unwrap().unwrap();
    let (scans, cells) = (CoreGame::new(scans), CoreGame::new(cells));
    let counts = |g: &CoreGame| {
        perft(g, 2, false)
            .iter()
            .map(|r| r.leaves)
            .collect::<Vec<_>>()
    };
    assert_eq!(counts(&scans), counts(&cells));
    let mut ended = 0;
    for seed in 0..12u64 {
        let (mut a, mut b) = (scans.clone(), cells.clone());
        let mut rng = relic::bots::seeded_rng(seed);
        while !a.status().is_over() {
            let listed = a.legal_actions();
            assert_eq!(listed, b.legal_actions(), "seed {seed}");
            let pick = listed[rand::RngExt::random_range(&mut rng, 0..listed.len())];
            a.apply(&pick).unwrap();
            b.apply(&pick).unwrap();
            assert_eq!(a.status(), b.status(), "seed {seed}");
        }
        ended += 1;
    }
    assert_eq!(ended, 12);
}
