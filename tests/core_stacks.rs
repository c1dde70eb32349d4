//! Stacks in the core language (rulesets/README.md, "Stacks"): `[push K]`
//! puts a piece on top, `[pop]` removes the top, `[lift]`/`[lift all]`
//! take the top or the whole stack into the hand and `[drop]`/`[drop all]`
//! put it down; tests read the top, `height` counts a stack's pieces and
//! a pattern that lifts tests what lies beneath. Searches undo all of it.

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};

const TOWERS: &str = r#"
game = "core"
name = "Towers"
description = "Stacks of discs on a row of three cells."
players = ["white", "black"]
rules = "push | pop | carry | step | under"

[board]
width = 3
height = 1

[[kinds]]
name = "disc"
glyphs = ["W", "B"]

[macros]
push = "any {$ height < 3} mark(push) mark [push disc] ->next"
pop = "any {own} {$ height > 1} mark(pop) mark [pop] ->next"
carry = "any {own} {$ height > 1} mark(carry) mark [lift all] any {empty} mark [drop all] ->next"
step = "any {own} mark(step) mark [lift] e [drop] ->next"
under = "any {own} {? [lift] {enemy}} mark(under) mark ->next"
"#;

fn towers() -> CoreGame {
    let (_, program) = parse_core_resolved(TOWERS, "towers.toml", None).expect("compiles");
    CoreGame::new(program)
}

fn play(game: &mut CoreGame, actions: &[&str]) {
    for text in actions {
        let action = game.parse_action(text).expect("reads");
        game.apply(&action)
            .unwrap_or_else(|r| panic!("{text}: {r}"));
    }
}

fn legal(game: &CoreGame) -> Vec<String> {
    let actions = game.legal_actions();
    actions.iter().map(|a| game.write_action(a)).collect()
}

/// Each cell's pieces bottom first, as glyph codes.
fn stacks(game: &CoreGame) -> Vec<Vec<u8>> {
    (0..game.cells().len())
        .map(|c| {
            let mut s = game.below().of(c).to_vec();
            s.extend((game.cells()[c] != 0).then_some(game.cells()[c]));
            s
        })
        .collect()
}

#[test]
fn push_pop_lift_and_drop_build_and_move_stacks() {
    let mut game = towers();
    play(&mut game, &["push-a1", "push-a1", "push-b1"]);
    // a1: white under black; b1: white.
    assert_eq!(stacks(&game), vec![vec![1, 2], vec![1], vec![]]);
    assert_eq!((game.height(0), game.height(1), game.height(2)), (2, 1, 0));
    // Black's own top on a1 covers an enemy piece: `under` sees it. The
    // stack lifted, a1 itself is empty: a carry may put it back there.
    assert_eq!(
        legal(&game),
        [
            "push-a1",
            "push-b1",
            "push-c1",
            "pop-a1",
            "carry-a1-a1",
            "carry-a1-c1",
            "step-a1",
            "under-a1"
        ]
    );
    play(&mut game, &["carry-a1-c1"]);
    assert_eq!(stacks(&game), vec![vec![], vec![1], vec![1, 2]]);
    play(&mut game, &["step-b1"]);
    // White's disc from b1 on top of c1's stack.
    assert_eq!(stacks(&game), vec![vec![], vec![], vec![1, 2, 1]]);
    play(&mut game, &["push-a1", "pop-c1"]);
    assert_eq!(stacks(&game), vec![vec![2], vec![], vec![1, 2]]);
}

#[test]
fn listing_actions_leaves_the_position_unchanged_and_equal_positions_compare_equal() {
    let mut game = towers();
    play(&mut game, &["push-a1", "push-a1", "push-a1"]);
    let before = game.clone();
    let _ = legal(&game);
    assert_eq!(game, before);
    assert_eq!(stacks(&game), stacks(&before));
    // A full stack takes no more.
    assert!(!legal(&game).contains(&"push-a1".to_owned()));
    // Popped back to one piece, the position keeps no storage beneath.
    let mut one = towers();
    play(&mut one, &["push-a1", "push-b1", "push-a1", "push-c1"]);
    assert_eq!(one.height(0), 2);
    play(&mut one, &["pop-a1"]);
    assert!(one.below().is_empty(), "{:?}", one.below());
}

#[test]
fn stack_operations_written_wrong_are_refused_at_load() {
    for (bad, word) in [
        ("[push empty]", "empty"),
        ("[push]", "push"),
        ("[pop all]", "all"),
        ("[lift two]", "two"),
    ] {
        let text = TOWERS.replace("[push disc] ->next\"", &format!("{bad} ->next\""));
        let failure = parse_core_resolved(&text, "towers.toml", None).err();
        let shown = format!("{failure:?}");
        assert!(shown.contains(word), "{bad}: {shown}");
    }
}

#[test]
fn views_show_stacks_and_fen_writes_none() {
    use relic::contract::{BrowserView, Observe};
    let mut game = towers();
    play(&mut game, &["push-a1", "push-a1"]);
    let view = game.view(Some(0));
    let a1 = &view["cells"][0];
    assert_eq!(a1["layers"][0]["height"], 2, "{a1}");
    assert_eq!(a1["title"], "a1: B over W");
    assert!(view["cells"][1]["layers"][0].get("height").is_none());
    // One plane per piece, then the heights.
    let layout = game.layout().expect("a layout");
    assert_eq!(
        layout.planes.last().map(String::as_str),
        Some("stack height")
    );
    let mut planes = vec![0.0; layout.planes.len() * 3];
    let mut counters = vec![0.0; layout.counters.len()];
    game.observe(&mut planes, &mut counters);
    assert_eq!(planes[2 * 3..], [2.0, 0.0, 0.0]);
    // FEN cannot write a stack (a position file can), but sets up a game
    // whose rules stack from a position without one.
    assert_eq!(&relic::lang::fen::write_fen(&game)[..4], "?2 w");
    let why = relic::lang::fen::fen_refusal(&game).unwrap();
    assert_eq!(why, "a1 holds a stack");
    let flat = relic::lang::fen::read_fen(game.program(), "1W1 w").unwrap();
    assert_eq!(flat.cells, [0, 1, 0]);
}

const CROWNS: &str = r#"
game = "core"
name = "Crowns"
description = "Men are placed; any man, either player's, may be crowned."
players = ["white", "black"]
rules = "place | crown"

[board]
width = 2
height = 1

[[kinds]]
name = "man"
glyphs = ["w", "b"]

[[kinds]]
name = "king"
glyphs = ["W", "B"]

[macros]
place = "any {empty} mark [man] ->next"
crown = "any mark(crown) mark [become king] ->next"
"#;

#[test]
fn become_keeps_the_owner_and_fails_on_an_empty_cell() {
    let (_, program) = parse_core_resolved(CROWNS, "crowns.toml", None).expect("compiles");
    let glyph = |game: &CoreGame, c: usize| match game.cells()[c] {
        0 => ".".to_owned(),
        code => game.program().pieces[usize::from(code) - 1].glyph.clone(),
    };
    let mut game = CoreGame::new(program);
    // Nothing to crown on an empty board.
    assert!(
        !legal(&game).iter().any(|a| a.contains("crown")),
        "{:?}",
        legal(&game)
    );
    play(&mut game, &["a1"]);
    // Black crowns white's man: it stays white's.
    assert!(
        legal(&game).iter().any(|a| a.contains("crown")),
        "{:?}",
        legal(&game)
    );
    let crown = legal(&game)
        .into_iter()
        .find(|a| a.contains("crown"))
        .unwrap();
    play(&mut game, &[&crown]);
    assert_eq!((glyph(&game, 0), glyph(&game, 1)), ("W".into(), ".".into()));
}

#[test]
fn become_needs_a_known_kind() {
    for (rule, words) in [
        ("[become queen]", "kind `queen` is not defined"),
        ("[become]", "needs the kind the top piece turns into"),
    ] {
        let text = CROWNS.replace("[become king]", rule);
        let failure = parse_core_resolved(&text, "crowns.toml", None).expect_err(rule);
        let report = failure.render(80);
        assert!(report.contains(words), "{rule}:\n{report}");
    }
}

#[test]
fn a_setup_writes_stacks_bottom_first() {
    let text = TOWERS.replace("height = 1\n", "height = 1\nsetup = [\"W/B/W . B\"]\n");
    let (_, program) = parse_core_resolved(&text, "towers.toml", None).expect("compiles");
    let mut game = CoreGame::new(program.clone());
    assert_eq!(stacks(&game), [vec![1, 2, 1], vec![], vec![2]]);
    assert_eq!((game.height(0), game.height(1)), (3, 0));
    assert_eq!(game, CoreGame::new(program));
    // White's tower is full; the disc beneath its top is Black's.
    assert!(!legal(&game).contains(&"push-a1".to_owned()));
    assert!(legal(&game).contains(&"under-a1".to_owned()));
    play(&mut game, &["carry-a1-b1"]);
    assert_eq!(stacks(&game), [vec![], vec![1, 2, 1], vec![2]]);
    // A part of a stack that names no piece is reported by name.
    let bad = TOWERS.replace("height = 1\n", "height = 1\nsetup = [\"W/X . B\"]\n");
    let failure = parse_core_resolved(&bad, "towers.toml", None).expect_err("X is no glyph");
    assert!(failure.render(80).contains("X"), "{}", failure.render(80));
}
