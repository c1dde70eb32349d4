//! The quick answers of the movement mechanics agree with the full path
//! search: an open direct route ([`Route::open_for`]) is a clean path of
//! the fewest steps, and a search that stops at its goal
//! ([`Search::run_toward`]) reaches it as the full search does.

use proptest::prelude::*;
use relic::mechanics::movement::{
    Axis, Board, Coord, ExitCrossing, Ground, Mover, Pattern, Reach, Route, Search, Tiling,
};

const GROUNDS: [Ground; 4] = [Ground::Clear, Ground::Block, Ground::Exit, Ground::Piece];
const PATTERNS: [Pattern; 4] = [
    Pattern::Linear,
    Pattern::Omni,
    Pattern::Orthogonal,
    Pattern::Diagonal,
];

/// A 9x9 board (square or hex) with some squares marked, a mover, and a
/// start and goal on it.
fn case() -> impl Strategy<Value = (Board, Vec<(Coord, Ground)>, Mover, Coord, Coord, bool)> {
    let marks = prop::collection::vec(((1..=9, 1..=9), 0..4usize), 0..30);
    let mover = (
        0..4usize,
        1..6u32,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    );
    (
        any::<bool>(),
        marks,
        mover,
        (1..=9, 1..=9),
        (1..=9, 1..=9),
        any::<bool>(),
    )
        .prop_map(
            |(hex, marks, (p, budget, fly, jump, unblock), from, to, illegal)| {
                let tiling = if hex { Tiling::Hex } else { Tiling::Square };
                let board = Board {
                    tiling,
                    x: Axis::Finite(9),
                    y: Axis::Finite(9),
                };
                let marks = marks.into_iter().map(|(at, g)| (at, GROUNDS[g])).collect();
                let mover = Mover {
                    pattern: PATTERNS[p],
                    budget,
                    fly,
                    jump,
                    unblock,
                };
                (board, marks, mover, from, to, illegal)
            },
        )
}

fn ground_at(marks: &[(Coord, Ground)], at: Coord) -> Ground {
    marks
        .iter()
        .rev()
        .find(|(c, _)| *c == at)
        .map_or(Ground::Clear, |m| m.1)
}

proptest! {
    #[test]
    fn quick_answers_agree_with_the_full_search(
        (board, marks, mover, from, to, illegal) in case()
    ) {
        let crossing = if illegal { ExitCrossing::Illegal } else { ExitCrossing::FallIn };
        let mut full = Search::new(&board, from, mover.budget);
        for &(at, ground) in &marks {
            full.set(at, ground);
        }
        let mut toward = full.clone();
        full.run(&mover, crossing);
        toward.run_toward(&mover, crossing, Some(to));
        let expected = full.reach(to);
        let kind = |r: Option<Reach>| r.map(|r| match r { Reach::Clean(_) => None, fell => Some(fell) });
        prop_assert_eq!(kind(toward.reach(to)), kind(expected));
        if let Some(route) = Route::new(&board, mover.pattern, from, to) {
            for route in [route, route.reversed()] {
                if let Some(reach) = route.open_for(&mover, |at| ground_at(&marks, at)) {
                    prop_assert_eq!(Some(reach), expected);
                }
            }
        }
    }
}
