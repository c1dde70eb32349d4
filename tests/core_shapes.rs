//! Shapes the core recognises at load run as what they say: a choice
//! whose ways begin by comparing one value with different numbers
//! (`{$ v == 0} a | {$ v == 1} b | rest`, read once and gone to
//! directly) and an `any` whose ways begin by looking through the stack
//! (`any {? ([lift])* {test}}`, only the cells whose stacks pass). Each
//! game lists the same actions, in the same order, as the same rules
//! written so that the shape is not recognised, at every position of
//! seeded random games.

use crate::common;

use common::core_files::names;
use rand::{RngExt, SeedableRng};
use relic::contract::Game;
use relic::lang::program::Op;
use relic::lang::{CoreGame, parse_core_resolved};

fn game_of(rules: &str, macros: &str) -> CoreGame {
    let toml = format!(
        "game = \"core\"\nname = \"Shapes\"\nplayers = [\"a\", \"b\"]\nrules = \"{rules}\"\n\
         [macros]\n{macros}\n[board]\nwidth = 3\nheight = 3\n\
         [[variables]]\nname = \"v\"\nmin = 0\nmax = 3\n\
         [[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n\
         [[kinds]]\nname = \"ring\"\nglyph = \"o\"\n"
    );
    let (_, program) = parse_core_resolved(&toml, "shapes.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    CoreGame::new(program)
}

/// Plays seeded random games of both, checking that they list the same
/// actions at every position; the number of positions compared.
fn alike(shaped: &CoreGame, plain: &CoreGame, seed: u64) -> usize {
    let (mut shaped, mut plain) = (shaped.clone(), plain.clone());
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut positions = 0;
    for turn in 0..40 {
        let actions = names(&shaped);
        assert_eq!(actions, names(&plain), "seed {seed}, turn {turn}");
        assert_eq!(shaped.status(), plain.status(), "seed {seed}, turn {turn}");
        positions += 1;
        if actions.is_empty() || shaped.status().is_over() {
            break;
        }
        let pick = &actions[rng.random_range(0..actions.len())];
        for game in [&mut shaped, &mut plain] {
            let action = game.parse_action(pick).unwrap();
            game.apply(&action).unwrap();
        }
        assert_eq!(shaped.cells(), plain.cells(), "seed {seed}, turn {turn}");
    }
    positions
}

fn ops_of(game: &CoreGame, which: fn(&Op) -> bool) -> usize {
    game.program().ops.iter().filter(|op| which(op)).count()
}

/// A turn chosen by `v` (0: place, 1: place or skip, 2: ring a stone,
/// 3: the count of stones decides), then `pass` always; `{$ v == 1}`
/// twice, so the choice's numbered ways stop at the second.
const CHOSEN: &str = "\
turn = \"{$ v == 0} place-one | {$ v == 1} place-two | {$ v == 1} mark(skip) [$ v = 0] ->next | {$ v == 2} circle | {$ v == 3} counted | mark(pass) ->next\"
place-one = \"any {empty} mark [push stone] [$ v = 1] ->next\"
place-two = \"any {empty} mark [push stone] [$ v = 2] ->next\"
circle = \"any {own stone} mark [push ring] [$ v = 3] ->next\"
counted = \"({$ count{ring} == 1} mark(one) [$ v = 0] | {$ count{ring} == 2} mark(two) [$ v = 1] | {$ count{ring} == 3} end(draw)) ->next | mark(more) [$ v = 2] ->next\"
";

#[test]
fn a_choice_decided_by_one_value_lists_what_its_ways_list() {
    let shaped = game_of("turn", CHOSEN);
    let plain_macros = (0..4).fold(CHOSEN.to_owned(), |text, n| {
        (text.replace(&format!("v == {n}}}"), &format!("v <= {n}, v >= {n}}}"))).replace(
            &format!("{{ring}} == {n}}}"),
            &format!("{{ring}} >= {n}, count{{ring}} <= {n}}}"),
        )
    });
    assert_ne!(plain_macros, CHOSEN);
    let plain = game_of("turn", &plain_macros);
    assert!(
        shaped.program().selects.len() >= 2,
        "the turn's and the count's"
    );
    assert!(plain.program().selects.is_empty());
    let positions: usize = (0..12).map(|seed| alike(&shaped, &plain, seed)).sum();
    assert!(positions > 150, "{positions}");
}

/// Stones pushed on stones; a move takes the top of a stack holding
/// the mover's stone anywhere in it onto a neighbour.
const STACKED: &str = "\
turn = \"any {empty} mark [push stone] ->next | pick mark [lift] (n | e | s | w) mark [drop] ->next\"
pick = \"any {? ([lift])* {own stone}}\"
";

#[test]
fn any_through_the_stacks_lists_what_trying_every_cell_lists() {
    let shaped = game_of("turn", STACKED);
    let plain = game_of("turn", &STACKED.replace("any {?", "any {$ me >= 0} {?"));
    let holding = |op: &Op| matches!(op, Op::AnyHolding(_));
    assert_eq!(ops_of(&shaped, holding), 1);
    assert_eq!(ops_of(&plain, holding), 0);
    let positions: usize = (0..12).map(|seed| alike(&shaped, &plain, seed)).sum();
    assert!(positions > 150, "{positions}");
}
