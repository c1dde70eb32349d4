//! Grids with holes (`holes`, `hexagon = true`): a step onto a hole fails
//! as off the edge, the views leave holes out, and Abalone on a hexagon
//! counts as Abalone on its graph of points.

use relic::contract::{BrowserView, Game, TextView};
use relic::lang::{CoreGame, builtin_core};
use relic::perft::perft;

/// What loading a game on `board` reports, at width 80.
fn refused(board: &str) -> String {
    let source = source(board, "any {empty} mark [stone] ->next");
    let failure = relic::lang::parse_core_resolved(&source, "holes.toml", None).unwrap_err();
    failure.render(80)
}

fn source(board: &str, rules: &str) -> String {
    format!(
        "game = \"core\"\nname = \"Holes\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n\
         [board]\n{board}\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n"
    )
}

fn game(board: &str, rules: &str) -> CoreGame {
    let source = source(board, rules);
    let (_, program) = relic::lang::parse_core_resolved(&source, "holes.toml", None)
        .unwrap_or_else(|failure| panic!("{}", failure.render(80)));
    CoreGame::new(program)
}

#[test]
fn a_slide_stops_at_a_hole_as_at_the_edge() {
    // A rook's slide east from a1 on a 5x1 board: four cells, or one
    // with a hole at c1.
    let slide = "@a1 (e {empty})+ mark [stone] ->next";
    let plain = game("width = 5\nheight = 1", slide);
    assert_eq!(plain.legal_actions().len(), 4);
    let holed = game("width = 5\nheight = 1\nholes = [\"c1\"]", slide);
    assert_eq!(holed.legal_actions().len(), 1);
    // `any` visits the cells only.
    let any = game(
        "width = 5\nheight = 1\nholes = [\"c1\"]",
        "any {empty} mark [stone] ->next",
    );
    assert_eq!(any.legal_actions().len(), 4);
    assert!(any.parse_action("c1").is_err());
}

#[test]
fn a_hexagon_has_the_cells_within_reach_of_its_centre() {
    for (size, cells) in [(1, 1), (3, 7), (5, 19), (9, 61), (11, 91)] {
        let board = format!("shape = \"hex\"\nwidth = {size}\nheight = {size}\nhexagon = true");
        let g = game(&board, "any {empty} mark [stone] ->next");
        assert_eq!(g.legal_actions().len(), cells, "side {}", size / 2 + 1);
        // Every cell has at most six neighbours and the centre all six.
        let centre = g.program().board.at_xy(size / 2, size / 2).unwrap();
        let b = &g.program().board;
        let around = (0..6)
            .filter(|&d| b.neighbour(centre, d) != u16::MAX)
            .count();
        assert_eq!(around, if size == 1 { 0 } else { 6 });
    }
}

#[test]
fn the_views_leave_holes_out() {
    let g = game(
        "shape = \"hex\"\nwidth = 3\nheight = 3\nhexagon = true",
        "any {empty} mark [stone] ->next",
    );
    let mut text = String::new();
    g.write_position(&mut text);
    assert_eq!(text, "3    . .\n2   . . .\n1    . .\n   a b c\n");
    let view = g.view(Some(0));
    assert_eq!(view["layout"], "hex");
    assert_eq!(view["cells"].as_array().unwrap().len(), 7);
}

#[test]
fn abalone_on_a_hexagon_counts_as_abalone_on_its_graph() {
    let counts = |name: &str| -> Vec<u64> {
        let program = builtin_core(name).unwrap().unwrap();
        perft(&CoreGame::new(program), 2, false)
            .iter()
            .map(|r| r.leaves as u64)
            .collect()
    };
    assert_eq!(counts("abalone-hexagon"), counts("abalone"));
}

/// Holes may be given as ranges (`"a1:b2"`, a rectangle of them), and a
/// range test `{@ a:b}` may have a hole for a corner: corners are places
/// of the grid, cells or not.
#[test]
fn holes_by_ranges_and_ranges_cornered_by_holes() {
    let listed = game(
        "width = 4\nheight = 3\nholes = [\"a1\", \"b1\", \"a2\", \"b2\", \"d3\"]",
        "any {empty} mark [stone] ->next",
    );
    let ranged = game(
        "width = 4\nheight = 3\nholes = [\"b2:a1\", \"d3\"]",
        "any {empty} mark [stone] ->next",
    );
    assert_eq!(listed.legal_actions(), ranged.legal_actions());
    assert_eq!(ranged.legal_actions().len(), 7);
    // a1 is a hole: the range a1:c2 holds c1, c2 (and the holes' places).
    let cornered = game(
        "width = 4\nheight = 3\nholes = [\"a1:b2\"]",
        "any {@ a1:c2} {empty} mark [stone] ->next",
    );
    let texts: Vec<String> = (cornered.legal_actions().iter())
        .map(|a| cornered.write_action(a))
        .collect();
    assert_eq!(texts, ["c1", "c2"]);
}

#[test]
fn a_range_of_holes_must_name_two_places_of_the_grid() {
    let text = refused("width = 3\nheight = 3\nholes = [\"a1:z9\"]");
    assert!(
        text.contains("`a1:z9` is not a range of two cells of the 3x3 grid"),
        "{text}"
    );
}

/// A setup's piece on a hole is reported on its glyph, naming the cell.
#[test]
fn a_piece_on_a_hole_is_reported_at_its_glyph() {
    let text = refused("width = 3\nheight = 2\nholes = [\"c2\"]\nsetup = [\"..A\", \"...\"]");
    assert!(
        text.contains("setup row 1: a piece on c2, a hole of the board"),
        "{text}"
    );
    // The label is under the glyph `A` alone (the third character).
    let line = text.lines().find(|l| l.contains("\"..A\"")).unwrap();
    let label = text
        .lines()
        .skip_while(|l| !l.contains("\"..A\""))
        .nth(1)
        .unwrap();
    let column = |l: &str, c: char| l.chars().position(|x| x == c);
    assert_eq!(column(label, '┬'), column(line, 'A'), "{text}");
}
