//! Streaming totals: merging any split of the games gives the totals of
//! adding them one by one, and the percentiles are exact.

use proptest::prelude::*;
use relic::contract::{Outcome, TallyMeasure};
use relic::sim::{GameOutcome, Totals, wilson_interval};

fn outcome() -> impl Strategy<Value = GameOutcome> {
    (
        0u32..=50,
        prop::option::of(0usize..4),
        any::<bool>(),
        prop::array::uniform4(0u32..5),
    )
        .prop_map(|(turns, winner, stopped, relics)| GameOutcome {
            outcome: match (stopped, winner) {
                (true, _) => None,
                (false, Some(seat)) => Some(Outcome::Won(seat)),
                (false, None) => Some(Outcome::Draw),
            },
            turns,
            tallies: relics.iter().map(|&r| vec![i64::from(r)]).collect(),
            seat_turns: (0..4)
                .map(|s| turns / 4 + u32::from(s < turns % 4))
                .collect(),
        })
}

proptest! {
    #[test]
    fn any_split_merges_to_the_sequential_totals(
        games in prop::collection::vec(outcome(), 0..60),
        shards in 1usize..5,
    ) {
        let mut whole = Totals::new(4, &[("relics", TallyMeasure::PerTurn)]);
        for game in &games {
            whole.add(game);
        }
        let mut parts = vec![Totals::new(4, &[("relics", TallyMeasure::PerTurn)]); shards];
        for (i, game) in games.iter().enumerate() {
            parts[i % shards].add(game);
        }
        let merged = parts
            .into_iter()
            .rev()
            .reduce(|a, b| a.merge(b).unwrap())
            .unwrap();
        prop_assert_eq!(&merged, &whole);

        let mut lengths: Vec<u32> = games.iter().map(|g| g.turns).collect();
        lengths.sort_unstable();
        let nearest_rank = |p: usize| {
            (!lengths.is_empty()).then(|| lengths[(lengths.len() * p).div_ceil(100).max(1) - 1])
        };
        prop_assert_eq!(whole.turn_percentile(50), nearest_rank(50));
        prop_assert_eq!(whole.turn_percentile(90), nearest_rank(90));
    }
}

#[test]
fn wilson_interval_matches_known_values() {
    assert_eq!(wilson_interval(0, 0), (0.0, 0.0));
    let (low, high) = wilson_interval(0, 10);
    assert_eq!(low, 0.0);
    assert!((high - 0.2775).abs() < 1e-3);
    let (low, high) = wilson_interval(81, 263);
    assert!((low - 0.2553).abs() < 1e-3 && (high - 0.3662).abs() < 1e-3);
}
