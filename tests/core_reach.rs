//! `reach(e)`, the core's flood fill: from the cursor, every cell
//! connected by a chain of steps `e`, each once, nearest first. The tile
//! maze of `tests/fixtures/core-reach/tile-walk.toml` (tiles open on some
//! sides, walkers stacked on them) moves a walker to every tile connected
//! over open sides: the same destinations as an independent breadth-first
//! search over the tiles, in its order; the same actions as the
//! repetition `(step)*`; the expanded form reads back.

use crate::common;

use common::core_files::names;
use relic::contract::Game;
use relic::games::{CoreRules, Registered};
use relic::lang::{CoreGame, load_core_resolved, parse_core_resolved};

const WALK: &str = "tests/fixtures/core-reach/tile-walk.toml";

fn walk_source() -> String {
    std::fs::read_to_string(WALK).unwrap()
}

fn game_of(source: &str) -> CoreGame {
    let (_, program) = parse_core_resolved(source, "tile-walk.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    CoreGame::new(program)
}

fn play(game: &mut CoreGame, moves: &[&str]) {
    for m in moves {
        let action = game.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        game.apply(&action).unwrap();
    }
}

/// The open sides (n, e, s, w) of each cell's tile, read from the
/// fixture's setup, and a breadth-first search over them.
fn bfs(from: usize) -> Vec<usize> {
    let rows = ["r-7|", "|+J|", "L-+J", "--J."];
    let open = |x: usize, y: usize| -> [bool; 4] {
        let glyph = rows[3 - y].as_bytes()[x];
        let sides = match glyph {
            b'|' => "ns",
            b'-' => "ew",
            b'L' => "ne",
            b'J' => "nw",
            b'r' => "es",
            b'7' => "sw",
            b'+' => "nesw",
            _ => "",
        };
        ['n', 'e', 's', 'w'].map(|s| sides.contains(s))
    };
    let mut found = vec![from];
    let mut next = 0;
    while next < found.len() {
        let (x, y) = (found[next] % 4, found[next] / 4);
        next += 1;
        let steps: [(i32, i32, usize); 4] = [(0, 1, 0), (1, 0, 1), (0, -1, 2), (-1, 0, 3)];
        for (dx, dy, side) in steps {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if !(0..4).contains(&nx) || !(0..4).contains(&ny) {
                continue;
            }
            let to = (ny * 4 + nx) as usize;
            if open(x, y)[side]
                && open(nx as usize, ny as usize)[(side + 2) % 4]
                && !found.contains(&to)
            {
                found.push(to);
            }
        }
    }
    found
}

fn cell_name(cell: usize) -> String {
    format!("{}{}", (b'a' + (cell % 4) as u8) as char, cell / 4 + 1)
}

#[test]
fn a_walker_reaches_every_tile_connected_over_open_sides_nearest_first() {
    let mut game = game_of(&walk_source());
    assert_eq!(names(&game), ["enter"]);
    play(&mut game, &["enter", "enter"]);
    let moves = names(&game);
    let expected: Vec<String> = (bfs(0).into_iter())
        .map(|c| format!("a1-{}", cell_name(c)))
        .collect();
    assert_eq!(moves.len(), expected.len(), "{moves:?}");
    for (m, e) in moves.iter().zip(&expected) {
        assert_eq!(m.replace(' ', "-"), *e, "{moves:?}");
    }
    // A walker that is not connected to b3 cannot win: d4 sees only d3.
    assert!(bfs(15).len() < 16);
}

/// Plays a game choosing the `k`-th action each turn, checking before
/// every action that `reach(step)` and `(step)*` allow the same actions.
fn compare_with_repetition(choice: usize) -> usize {
    let source = walk_source();
    let starred = source.replace("reach(step)", "(step)*");
    assert_ne!(starred, source);
    let (mut reach, mut star) = (game_of(&source), game_of(&starred));
    let mut turns = 0;
    while !reach.status().is_over() && turns < 40 {
        let mut a = names(&reach);
        let mut b = names(&star);
        a.sort();
        b.sort();
        assert_eq!(a, b, "turn {turns}");
        let pick = names(&reach)[(choice * (turns + 1)) % a.len()].clone();
        play(&mut reach, &[&pick]);
        play(&mut star, &[&pick]);
        assert_eq!(reach.cells(), star.cells());
        turns += 1;
    }
    turns
}

#[test]
fn reach_allows_the_same_actions_as_the_repetition_of_its_step() {
    let played: usize = (1..8).map(compare_with_repetition).sum();
    assert!(played > 20, "{played}");
}

#[test]
fn a_walker_on_b3_wins() {
    let mut game = game_of(&walk_source());
    play(&mut game, &["enter", "enter"]);
    let win = (names(&game).into_iter())
        .find(|m| m.ends_with("b3"))
        .expect("b3 is connected to a1");
    play(&mut game, &[&win]);
    assert!(game.status().is_over());
}

#[test]
fn the_expanded_form_reads_back_to_the_same_program() {
    let (_, program) = load_core_resolved(std::path::Path::new(WALK)).unwrap();
    let rules = CoreRules::parse_rules(&walk_source(), "tile-walk", None).unwrap();
    assert_eq!(rules.program.ops, program.ops);
    let expanded = CoreRules::expanded_toml(&rules);
    assert!(expanded.contains("reach("), "{expanded}");
    let again = CoreRules::parse_rules(&expanded, "expanded", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    assert_eq!(again.program.ops, rules.program.ops);
}

#[test]
fn a_mark_or_a_game_end_inside_reach_is_refused() {
    for body in ["n mark", "n end(win)"] {
        let toml = format!(
            "game = \"core\"\nname = \"Bad\"\nplayers = [\"a\", \"b\"]\nrules = \"any {{empty}} reach({body}) mark [stone] ->next\"\n[board]\nwidth = 2\nheight = 2\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n"
        );
        let failure = parse_core_resolved(&toml, "bad.toml", None).unwrap_err();
        let text = failure.render(80);
        assert!(text.contains("core::"), "{text}");
    }
}

#[test]
fn reach_over_empty_cells_floods_a_region() {
    // Fill: a stone placed anywhere grows over the whole empty region it
    // touches (reach over empty cells, then a put at every cell is one
    // action per cell: the action marks the cell reached).
    let toml = "game = \"core\"\nname = \"Region\"\nplayers = [\"a\", \"b\"]\nrules = \"@a1 {empty} reach((n | e | s | w) {empty}) mark [stone] ->next\"\n[board]\nwidth = 3\nheight = 3\nsetup = [\"...\", \"##.\", \"...\"]\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n[[kinds]]\nname = \"wall\"\nglyph = \"#\"\n";
    let game = game_of(toml);
    assert_eq!(
        names(&game),
        ["a1", "b1", "c1", "c2", "c3", "b3", "a3"],
        "breadth-first from a1 around the wall"
    );
}

#[test]
fn reach_inside_a_pattern_asks_whether_a_cell_is_connected() {
    // A stone may go on a1 only while the goal is connected to it over
    // empty cells: a wall row with one gap, closed by a stone on c2.
    let toml = |row: &str| {
        format!(
            "game = \"core\"\nname = \"Gap\"\nplayers = [\"a\", \"b\"]\nrules = \"@a1 {{empty}} {{? reach((n | e | s | w) {{empty, goal}}) {{goal}}}} mark [stone] ->next\"\n[board]\nwidth = 3\nheight = 3\nsetup = [\"g..\", \"{row}\", \"...\"]\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n[[kinds]]\nname = \"goal\"\nglyph = \"g\"\n[[kinds]]\nname = \"wall\"\nglyph = \"#\"\n"
        )
    };
    assert_eq!(names(&game_of(&toml("##."))), ["a1"]);
    assert!(names(&game_of(&toml("##A"))).is_empty());
}

#[test]
fn a_bounded_reach_stops_its_steps_away() {
    // From a1 around the wall: b1 and a1... c1 is two steps out, c2 three,
    // c3 four: `reach(e, 2)` finds a1, b1 and c1 only; `reach(e, 4)`
    // goes round to c3 and no farther.
    let toml = |most: &str| {
        format!(
            "game = \"core\"\nname = \"Steps\"\nplayers = [\"a\", \"b\"]\nrules = \"@a1 {{empty}} reach((n | e | s | w) {{empty}}{most}) mark [stone] ->next\"\n[board]\nwidth = 3\nheight = 3\nsetup = [\"...\", \"##.\", \"...\"]\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n[[kinds]]\nname = \"wall\"\nglyph = \"#\"\n"
        )
    };
    assert_eq!(names(&game_of(&toml(", 2"))), ["a1", "b1", "c1"]);
    assert_eq!(
        names(&game_of(&toml(", 4"))),
        ["a1", "b1", "c1", "c2", "c3"]
    );
    assert_eq!(names(&game_of(&toml(", 64"))), names(&game_of(&toml(""))));
    // The bound is a count of steps from 1 to 64.
    for bad in [", 0", ", 65"] {
        let failure = parse_core_resolved(&toml(bad), "steps.toml", None).unwrap_err();
        assert!(failure.render(80).contains("core::repeat::bounds"), "{bad}");
    }
}

#[test]
fn a_flood_of_plain_moves_finds_what_its_body_finds() {
    // `{empty} (n | e | s | w) {empty, wall}` is a plain move, read from
    // the flood table; the same step with a pattern that always holds
    // after it is run way by way. Both list the same cells in the same
    // order, bounded or not, from every empty cell.
    let toml = |step: &str| {
        format!(
            "game = \"core\"\nname = \"Steps\"\nplayers = [\"a\", \"b\"]\nrules = \"any {{empty}} mark reach({step}) {{empty}} mark [stone] ->next\"\n[board]\nwidth = 4\nheight = 4\nsetup = [\"....\", \".##.\", \"..#.\", \"....\"]\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n[[kinds]]\nname = \"wall\"\nglyph = \"#\"\n"
        )
    };
    for bound in ["", ", 2", ", 5"] {
        let plain = game_of(&toml(&format!(
            "{{empty}} (n | e | s | w) {{empty, wall}}{bound}"
        )));
        let walked = game_of(&toml(&format!(
            "{{empty}} (n | e | s | w) {{empty, wall}} ({{? n}} | {{! n}}){bound}"
        )));
        assert_eq!(plain.program().floods.len(), 1);
        assert!(walked.program().floods.is_empty());
        assert_eq!(names(&plain), names(&walked), "bound {bound:?}");
    }
}

/// A 5x5 board with walls (`#`) and stones (`o`) a jumper may leap.
const LEAPS: [&str; 5] = [".o...", ".#o#.", "..o..", "#o.o.", "....."];

fn leaping(rules: &str) -> CoreGame {
    let toml = format!(
        "game = \"core\"\nname = \"Leaps\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n[board]\nwidth = 5\nheight = 5\nsetup = {LEAPS:?}\n[[variables]]\nname = \"steps\"\nmax = 9\n[[kinds]]\nname = \"walker\"\nglyphs = [\"A\", \"B\"]\n[[kinds]]\nname = \"stone\"\nglyph = \"o\"\n[[kinds]]\nname = \"wall\"\nglyph = \"#\"\n"
    );
    game_of(&toml)
}

#[test]
fn a_step_that_costs_more_counts_more_toward_the_bound() {
    // From every empty cell: a step to an empty neighbour counts 1, a
    // leap over a stone to the cell beyond counts 2. The bounded flood
    // finds the cells whose cheapest chain costs at most the bound:
    // the same cells as every path counted step by step with a variable
    // (what movement lowered to before `cost`), nearest first.
    let step = "(n | e | s | w | n {stone} n cost(2) | e {stone} e cost(2) | s {stone} s cost(2) | w {stone} w cost(2))";
    let counted = "((n | e | s | w) [$ steps = steps + 1] | (n {stone} n | e {stone} e | s {stone} s | w {stone} w) [$ steps = steps + 2])";
    for bound in [1, 2, 3, 4, 6] {
        let flood = leaping(&format!(
            "any {{empty}} mark reach({{empty}} {step}, {bound}) {{empty}} mark [walker] ->next"
        ));
        let walked = leaping(&format!(
            "any {{empty}} mark reach({{empty}} {step} ({{? n}} | {{! n}}), {bound}) {{empty}} mark [walker] ->next"
        ));
        let paths = leaping(&format!(
            "any {{empty}} mark (({counted} {{$ steps <= {bound}}} {{empty}})* {{$ steps <= {bound}}}) mark [walker] ->next"
        ));
        assert_eq!(flood.program().floods.len(), 1);
        assert_eq!(flood.program().floods[0].ways[4].cost, 2);
        assert!(walked.program().floods.is_empty());
        assert_eq!(names(&flood), names(&walked), "bound {bound}");
        let (mut by_flood, mut by_paths) = (names(&flood), names(&paths));
        by_flood.sort();
        by_paths.sort();
        by_paths.dedup();
        assert_eq!(by_flood, by_paths, "bound {bound}");
    }
    // From a1, nearest first: the wall a2 and b1 one step out (a wall is
    // never left), then from b1 the stone b2 and c1, each two out; the
    // leap from b1 over b2 to b3 would count three, past the bound.
    let flood = leaping(
        "@a1 mark reach({empty} (n | e | n {stone} n cost(2) | e {stone} e cost(2)), 2) mark [walker] ->next",
    );
    assert_eq!(names(&flood), ["a1-a1", "a1-a2", "a1-b1", "a1-b2", "a1-c1"]);
}

#[test]
fn cost_outside_a_reach_step_or_out_of_range_is_refused() {
    for (rules, code) in [
        (
            "any {empty} cost(2) mark [walker] ->next",
            "core::rules::misplaced",
        ),
        (
            "any {empty} mark reach(n cost(0), 2) mark [walker] ->next",
            "core::repeat::bounds",
        ),
        (
            "any {empty} mark reach(n cost(65), 2) mark [walker] ->next",
            "core::repeat::bounds",
        ),
    ] {
        let toml = format!(
            "game = \"core\"\nname = \"Bad\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n[board]\nwidth = 2\nheight = 2\n[[kinds]]\nname = \"walker\"\nglyphs = [\"A\", \"B\"]\n"
        );
        let failure = parse_core_resolved(&toml, "bad.toml", None).unwrap_err();
        let text = failure.render(80);
        assert!(text.contains(code), "{rules}: {text}");
    }
}

#[test]
fn following_an_action_stops_the_flood_at_its_cell() {
    // The flood is followed by a mark of the cell reached: anchored, so
    // a typed action (followed, not read from a listing) looks for its
    // own cell only. Far cells within the bound are played, cells past
    // it or cut off refused, the position left as it was.
    let rules = "@a1 mark reach({empty} (n | e | n {stone} n cost(2) | e {stone} e cost(2)), 3) mark [walker] ->next";
    let game = leaping(rules);
    let reach_at = (game.program().ops.iter())
        .position(|op| matches!(op, relic::lang::program::Op::Reach(..)))
        .unwrap();
    assert!(game.program().anchored[reach_at]);
    let listed = names(&leaping(rules));
    for cell in ["a1", "c1", "d1", "b3", "c2", "e1", "a3", "e5"] {
        let mut typed = leaping(rules);
        let action = typed.parse_action(&format!("a1-{cell}")).unwrap();
        let before = typed.cells().to_vec();
        let played = typed.apply(&action).is_ok();
        assert_eq!(
            played,
            listed.contains(&format!("a1-{cell}")),
            "{cell}: {listed:?}"
        );
        if !played {
            assert_eq!(typed.cells(), before);
        }
    }
    assert!(listed.contains(&"a1-d1".to_owned()) && !listed.contains(&"a1-e5".to_owned()));
}
