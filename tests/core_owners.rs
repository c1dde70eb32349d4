//! Owners before a kind: a put of another player's piece (`[next stone]`,
//! `[enemy stone]`, `[b stone]`) and a test of a named player's pieces
//! (`{b stone}`, `{next stone}`).

use relic::contract::{Game, TextView};
use relic::lang::CoreGame;

fn stones(players: &[&str], rules: &str) -> CoreGame {
    let quoted = |names: Vec<String>| names.join(", ");
    let glyphs = quoted(
        players
            .iter()
            .map(|p| format!("\"{}\"", p.to_uppercase()))
            .collect(),
    );
    let players = quoted(players.iter().map(|p| format!("\"{p}\"")).collect());
    let source = format!(
        "game = \"core\"\nname = \"Owners\"\nplayers = [{players}]\nrules = \"{rules}\"\n\
         [board]\nwidth = 3\nheight = 1\n[[kinds]]\nname = \"stone\"\nglyphs = [{glyphs}]\n"
    );
    let (_, program) = relic::lang::parse_core_resolved(&source, "owners.toml", None)
        .unwrap_or_else(|failure| panic!("{}", failure.render(80)));
    CoreGame::new(program)
}

fn board(game: &CoreGame) -> String {
    let mut text = String::new();
    game.write_position(&mut text);
    text.lines().next().unwrap().to_owned()
}

fn play(game: &mut CoreGame, action: &str) {
    game.apply(&game.parse_action(action).unwrap()).unwrap();
}

#[test]
fn a_put_names_the_owner_of_the_piece() {
    let three = &["a", "b", "c"];
    let rules =
        "any {empty} ([stone] mark(own) | [next stone] mark(next) | [c stone] mark(c)) mark ->next";
    let mut game = stones(three, rules);
    play(&mut game, "next-a1");
    assert_eq!(board(&game), "1  B . .");
    // b moves: its next is c; `c` is c whoever moves.
    play(&mut game, "next-b1");
    play(&mut game, "c-c1");
    assert_eq!(board(&game), "1  B C C");
}

#[test]
fn enemy_in_a_put_is_the_other_of_two_players() {
    let two = &["a", "b"];
    let mut game = stones(two, "any {empty} [enemy stone] mark ->next");
    play(&mut game, "a1");
    play(&mut game, "b1");
    assert_eq!(board(&game), "1  B A .");
}

#[test]
fn a_test_names_the_owner_of_the_piece() {
    let three = &["a", "b", "c"];
    // Each may put a stone only beside (east of) a stone of the next player
    // or of `a`, or on a1.
    let rules = "any {empty} ({@ a1} | < w {next stone, a stone} >) [stone] mark ->next";
    let mut game = stones(three, rules);
    assert_eq!(game.legal_actions().len(), 1);
    play(&mut game, "a1");
    // b: west of b1 is a's stone (not b's next, c, but `a` by name).
    let listed: Vec<String> = game
        .legal_actions()
        .iter()
        .map(|a| game.write_action(a))
        .collect();
    assert_eq!(listed, ["b1"]);
    play(&mut game, "b1");
    // c: west of c1 is b's stone: neither c's next (a) nor a.
    assert!(game.legal_actions().is_empty());
}

fn pieces(rules: &str, macros: &str) -> Result<CoreGame, String> {
    let source = format!(
        "game = \"core\"\nname = \"Sets\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n\
         [macros]\n{macros}\n[board]\nwidth = 3\nheight = 1\nsetup = [\"RQP\"]\n\
         [[kinds]]\nname = \"rook\"\nglyphs = [\"R\", \"r\"]\n\
         [[kinds]]\nname = \"queen\"\nglyphs = [\"Q\", \"q\"]\n\
         [[kinds]]\nname = \"pawn\"\nglyphs = [\"P\", \"p\"]\n"
    );
    let (_, program) = relic::lang::parse_core_resolved(&source, "sets.toml", None)
        .map_err(|failure| failure.render(80))?;
    Ok(CoreGame::new(program))
}

#[test]
fn a_macro_names_a_set_of_test_items() {
    let listed = |rules: &str, macros: &str| -> Vec<String> {
        let game = pieces(rules, macros).unwrap();
        game.legal_actions()
            .iter()
            .map(|a| game.write_action(a))
            .collect()
    };
    let heavy = "heavy = \"{rook, queen}\"";
    assert_eq!(
        listed("any {heavy} mark [empty] ->next", heavy),
        ["a1", "b1"]
    );
    assert_eq!(
        listed("any {own heavy} mark [empty] ->next", heavy),
        ["a1", "b1"]
    );
    assert!(listed("any {enemy heavy} mark [empty] ->next", heavy).is_empty());
    // In a count, and a set of sets.
    let nested = "heavy = \"{rook, queen}\"\nall = \"{heavy, pawn}\"";
    let counted = "{$ count{heavy} == 2, count{all} == 3} any {pawn} mark [empty] ->next";
    assert_eq!(listed(counted, nested), ["c1"]);
    // Used as rules, the macro is the test it is.
    assert_eq!(listed("any heavy mark [empty] ->next", heavy), ["a1", "b1"]);
}

#[test]
fn sets_of_items_are_checked() {
    let refused = |rules: &str, macros: &str| pieces(rules, macros).err().unwrap();
    let twice = refused("any {own mine} mark ->next", "mine = \"{own rook}\"");
    assert!(twice.contains("name their own owners"), "{twice}");
    let looped = refused("any {a} mark ->next", "a = \"{b}\"\nb = \"{a}\"");
    assert!(looped.contains("names itself"), "{looped}");
    let typo = refused("any {heavy} mark ->next", "heavy = \"{rook, qeen}\"");
    assert!(typo.contains("did you mean `queen`"), "{typo}");
}

/// `changed`: whether the board differs from where the action began (a
/// turn of several steps must change the position, as in Arimaa).
#[test]
fn changed_tells_whether_the_action_changed_the_board() {
    let rules = |end: &str| {
        format!(
            "any {{own}} mark ([lift] e {{empty}} [drop] mark)* ([lift] w {{empty}} [drop] mark)* {end} ->next"
        )
    };
    let listed = |end: &str| {
        let source = format!(
            "game = \"core\"\nname = \"Steps\"\nplayers = [\"a\", \"b\"]\nrules = \"{}\"\n\
             [board]\nwidth = 3\nheight = 1\nsetup = [\"X..\"]\n\
             [[kinds]]\nname = \"stone\"\nglyphs = [\"X\", \"O\"]\n",
            rules(end)
        );
        let (_, program) = relic::lang::parse_core_resolved(&source, "steps.toml", None)
            .unwrap_or_else(|failure| panic!("{}", failure.render(80)));
        let game = CoreGame::new(program);
        let mut actions: Vec<String> = game
            .legal_actions()
            .iter()
            .map(|a| game.write_action(a))
            .collect();
        actions.sort();
        // Playing agrees with the listing.
        for typed in ["a1", "a1-b1", "a1-b1-a1", "a1-b1-c1-b1"] {
            let mut copy = game.clone();
            let played = copy.apply(&game.parse_action(typed).unwrap()).is_ok();
            assert_eq!(played, actions.iter().any(|a| a == typed), "{end}: {typed}");
        }
        actions
    };
    assert_eq!(listed("").len(), 6);
    assert_eq!(
        listed("{$ changed == 1}"),
        ["a1-b1", "a1-b1-c1", "a1-b1-c1-b1"]
    );
    assert_eq!(
        listed("{$ changed == 0}"),
        ["a1", "a1-b1-a1", "a1-b1-c1-b1-a1"]
    );
}

/// `rules show --expanded` writes the sets out, and reads back to a
/// program that plays the same.
#[test]
fn the_expanded_form_writes_sets_out() {
    use relic::games::{CoreRules, Registered};
    let source = "game = \"core\"\nname = \"Sets\"\nplayers = [\"a\", \"b\"]\n\
        rules = \"{$ count{enemy heavy} < 3} any {own all} mark [empty] ->next\"\n\
        [macros]\nheavy = \"{rook, queen}\"\nall = \"{heavy, pawn}\"\n\
        [board]\nwidth = 3\nheight = 1\nsetup = [\"RQP\"]\n\
        [[kinds]]\nname = \"rook\"\nglyphs = [\"R\", \"r\"]\n\
        [[kinds]]\nname = \"queen\"\nglyphs = [\"Q\", \"q\"]\n\
        [[kinds]]\nname = \"pawn\"\nglyphs = [\"P\", \"p\"]\n";
    let rules = CoreRules::parse_rules(source, "sets", None).unwrap();
    let expanded = CoreRules::expanded_toml(&rules);
    assert!(
        expanded.contains("count{enemy rook, enemy queen}"),
        "{expanded}"
    );
    assert!(
        expanded.contains("{own rook, own queen, own pawn}"),
        "{expanded}"
    );
    let again = CoreRules::parse_rules(&expanded, "expanded", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    // The same instructions, their cell masks perhaps numbered otherwise.
    assert_eq!(again.program.ops.len(), rules.program.ops.len());
    let counts = |program| -> Vec<u64> {
        let game = CoreGame::new(program);
        relic::perft::perft(&game, 3, false)
            .iter()
            .map(|r| r.leaves as u64)
            .collect()
    };
    assert_eq!(counts(again.program.clone()), counts(rules.program.clone()));
}
