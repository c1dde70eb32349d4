//! Movement patterns lowered into the core (`src/mechanics/lower/`): on
//! seeded random boards (square and hex, blocks, exits, pieces of both
//! players), every mover (pattern, budget, fly, jump, unblock, exit
//! crossing) reaches on the core interpreter exactly the squares
//! [`Search`] reaches, cleanly or by falling; a lowering that is wrong
//! (a budget one short, a flag dropped) is caught.

use std::collections::BTreeSet;

use relic::contract::Game;
use relic::lang::{CoreGame, parse_core_resolved};
use relic::mechanics::lower::{Routes, Words, board_spec, cell_name};
use relic::mechanics::movement::{
    Axis, Board, Coord, ExitCrossing, Ground, Mover, Pattern, Reach, Search, Tiling,
};

/// A random position: the board, what each square holds, the mover's
/// square.
struct Position {
    board: Board,
    grounds: Vec<(Coord, Ground, bool)>,
    from: Coord,
}

fn position(rng: &mut fastrand::Rng) -> Position {
    let tiling = if rng.bool() {
        Tiling::Square
    } else {
        Tiling::Hex
    };
    let (w, h) = (rng.u32(1..=6), rng.u32(1..=6));
    let board = Board {
        tiling,
        x: Axis::Finite(w),
        y: Axis::Finite(h),
    };
    let from = (rng.i32(1..=w as i32), rng.i32(1..=h as i32));
    let mut grounds = Vec::new();
    for x in 1..=w as i32 {
        for y in 1..=h as i32 {
            let ground = match rng.u32(0..10) {
                _ if (x, y) == from => Ground::Clear,
                0 | 1 => Ground::Block,
                2 => Ground::Exit,
                3 | 4 => Ground::Piece,
                _ => Ground::Clear,
            };
            grounds.push(((x, y), ground, rng.bool()));
        }
    }
    Position {
        board,
        grounds,
        from,
    }
}

fn mover(rng: &mut fastrand::Rng, tiling: Tiling) -> Mover {
    let patterns = match tiling {
        Tiling::Square => &[
            Pattern::Linear,
            Pattern::Omni,
            Pattern::Orthogonal,
            Pattern::Diagonal,
        ][..],
        Tiling::Hex => &[Pattern::Linear, Pattern::Omni][..],
    };
    Mover {
        pattern: patterns[rng.usize(..patterns.len())],
        budget: rng.u32(1..=4),
        fly: rng.u32(0..4) == 0,
        jump: rng.bool(),
        unblock: rng.bool(),
    }
}

/// What `Search` reaches: the clean squares and the falling ones.
fn searched(
    p: &Position,
    mover: &Mover,
    crossing: ExitCrossing,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut search = Search::new(&p.board, p.from, mover.budget);
    for &(at, ground, _) in &p.grounds {
        search.set(at, ground);
    }
    search.run(mover, crossing);
    let (mut clean, mut fall) = (BTreeSet::new(), BTreeSet::new());
    for (at, reach) in search.reached() {
        match reach {
            Reach::Clean(_) => clean.insert(cell_name(at)),
            Reach::FallsAt(_) => fall.insert(cell_name(at)),
        };
    }
    (clean, fall)
}

/// The core ruleset that lists one action per square the mover reaches:
/// `FROM-TO` cleanly, `FROM-TO-fall` by falling.
fn core_toml(p: &Position, routes: &Option<Routes>) -> String {
    let (shape, w, h) = board_spec(&p.board).expect("finite");
    let shape = format!("{shape:?}").to_lowercase();
    let mut rows = Vec::new();
    for y in (1..=h as i32).rev() {
        let row: String = (1..=w as i32)
            .map(|x| {
                let (_, ground, own) = p.grounds.iter().find(|g| g.0 == (x, y)).expect("square");
                match ground {
                    _ if (x, y) == p.from => 'M',
                    Ground::Clear => '.',
                    Ground::Block => '#',
                    Ground::Exit => 'X',
                    Ground::Piece if *own => 'P',
                    Ground::Piece => 'p',
                }
            })
            .collect();
        rows.push(row);
    }
    let rules = match routes {
        None => "{! {empty} | {! {empty}}} ->next".to_string(),
        Some(r) => {
            let fall = r.fall.as_ref().map_or(String::new(), |f| {
                format!(" | {f} {{! {{here}}}} mark mark(fall)")
            });
            format!(
                "any {{own mover}} mark [lift] [push here] ({} {{! {{here}}}} mark{fall}) ->next",
                r.clean
            )
        }
    };
    format!(
        "game = \"core\"\nname = \"movement\"\nplayers = [\"one\", \"two\"]\nrules = {rules:?}\n\
         [board]\nshape = \"{shape}\"\nwidth = {w}\nheight = {h}\nsetup = {rows:?}\n\
         [[kinds]]\nname = \"mover\"\nglyphs = [\"M\", \"m\"]\n\
         [[kinds]]\nname = \"piece\"\nglyphs = [\"P\", \"p\"]\n\
         [[kinds]]\nname = \"block\"\nglyph = \"#\"\n\
         [[kinds]]\nname = \"exit\"\nglyph = \"X\"\n\
         [[kinds]]\nname = \"here\"\nglyph = \"H\"\n\
         [[variables]]\nname = \"steps\"\nmax = 64\n"
    )
}

/// What the core lists: the clean squares and the squares reached only
/// by falling.
fn lowered(
    p: &Position,
    mover: &Mover,
    crossing: ExitCrossing,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let words = Words::new("steps", "here", &["block"], &["exit"]);
    let routes = Routes::new(&p.board, mover, crossing, &words).expect("lowers");
    let toml = core_toml(p, &routes);
    let (_, program) = parse_core_resolved(&toml, "movement.toml", None)
        .unwrap_or_else(|e| panic!("{e:?}\n{toml}"));
    let game = CoreGame::new(program);
    let (mut clean, mut fall) = (BTreeSet::new(), BTreeSet::new());
    for action in game.legal_actions() {
        let text = game.write_action(&action);
        let parts: Vec<&str> = text.split('-').collect();
        match parts[..] {
            [_, to] => clean.insert(to.to_string()),
            [_, to, "fall"] => fall.insert(to.to_string()),
            _ => panic!("unexpected action {text}"),
        };
    }
    let fall = fall.difference(&clean).cloned().collect();
    (clean, fall)
}

/// Compares `games` seeded positions; the lowering is given `wrong(mover)`
/// while the search gets the mover itself. The first difference, if any;
/// else how many squares were reached cleanly and by falling in all.
fn compare(
    seeds: std::ops::Range<u64>,
    wrong: impl Fn(Mover) -> Mover,
) -> Result<(usize, usize), String> {
    let mut reached = (0, 0);
    for seed in seeds {
        let mut rng = fastrand::Rng::with_seed(seed);
        let p = position(&mut rng);
        let mover = mover(&mut rng, p.board.tiling);
        let crossing = if rng.u32(0..4) == 0 {
            ExitCrossing::Illegal
        } else {
            ExitCrossing::FallIn
        };
        let want = searched(&p, &mover, crossing);
        let got = lowered(&p, &wrong(mover), crossing);
        if want != got {
            return Err(format!(
                "seed {seed}, {mover:?} {crossing:?}: search {want:?}, core {got:?}"
            ));
        }
        reached.0 += want.0.len();
        reached.1 += want.1.len();
    }
    Ok(reached)
}

#[test]
fn lowered_movers_reach_what_the_search_reaches() {
    let (clean, fall) = compare(0..1500, |m| m).unwrap();
    eprintln!("{clean} squares reached cleanly, {fall} by falling");
    assert!(
        clean > 1000 && fall > 50,
        "the positions exercise both kinds of reach"
    );
}

#[test]
fn a_wrong_lowering_is_caught() {
    let short = |m: Mover| Mover {
        budget: m.budget.saturating_sub(1),
        ..m
    };
    assert!(compare(0..400, short).is_err(), "a budget one short");
    assert!(
        compare(0..400, |m| Mover {
            unblock: !m.unblock,
            ..m
        })
        .is_err(),
        "unblock"
    );
    assert!(
        compare(0..400, |m| Mover { jump: !m.jump, ..m }).is_err(),
        "jump"
    );
    assert!(
        compare(0..400, |m| Mover { fly: !m.fly, ..m }).is_err(),
        "fly"
    );
}
