//! `contract::Observe` on every built-in ruleset: the layout stays the
//! same through random play, every legal action has its own id within the
//! layout (capture chains that differ only in their middle too), and the planes hold only 0 and 1 (a core game's `stack height`
//! plane: whole numbers from 0).

use std::collections::HashSet;

use rand::SeedableRng;
use relic::games::{GameVisitor, Playable, Setup, builtin_game_rules, builtin_names, with_game};

/// Plays one random game, checking the observation at every position.
struct RandomWalk {
    seed: u64,
}

impl GameVisitor for RandomWalk {
    type Output = Result<(), String>;

    fn visit<G: Playable>(self, mut game: G) -> Result<(), String> {
        let Some(layout) = game.layout() else {
            return Ok(());
        };
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(self.seed);
        for _ in 0..200 {
            if game.layout().as_ref() != Some(&layout) {
                return Err("the layout changed during play".into());
            }
            let mut planes = vec![0.0; layout.plane_values()];
            let mut counters = vec![0.0; layout.counters.len()];
            game.observe(&mut planes, &mut counters);
            let cells = layout.rows * layout.columns;
            for (name, values) in layout.planes.iter().zip(planes.chunks(cells)) {
                let fits = |v: f32| match name.as_str() {
                    "stack height" => v >= 0.0 && v.fract() == 0.0,
                    _ => v == 0.0 || v == 1.0,
                };
                if !values.iter().all(|&v| fits(v)) {
                    return Err(format!("plane `{name}` holds {values:?}"));
                }
            }
            let actions = game.legal_actions();
            let listed = game.action_ids(&actions);
            let alone: Vec<usize> = actions.iter().map(|a| game.action_id(a)).collect();
            let ids: HashSet<usize> = listed.iter().copied().collect();
            let shared = ids.len() != actions.len() || listed != alone;
            if shared || ids.iter().any(|&id| id >= layout.actions) {
                return Err(format!(
                    "ids {listed:?} ({alone:?} alone) for {} actions",
                    actions.len()
                ));
            }
            let Some(action) = game.random_action(&mut rng) else {
                return Ok(());
            };
            game.apply(&action).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

#[test]
fn every_builtin_ruleset_observes_consistently() {
    for name in builtin_names() {
        let rules = builtin_game_rules(name).unwrap().unwrap();
        for seed in 0..3 {
            let walk = RandomWalk { seed };
            let walked = with_game(&rules, &Setup::Default, walk).unwrap();
            assert_eq!(walked, Ok(()), "{name}, seed {seed}");
        }
    }
}

/// Two capture chains with the same first, second and last squares: the
/// one with the lower middle keeps the id of its squares, the other takes
/// a spare one, and each id plays its own chain.
#[test]
fn chains_that_differ_only_in_the_middle_have_ids_of_their_own() {
    use relic::contract::{Game, Observe};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/core/checkers-diamond.toml");
    let (_, program) = relic::lang::load_core_resolved(&path).expect("valid");
    let game = relic::lang::CoreGame::new(program);
    let actions = game.legal_actions();
    let written: Vec<String> = actions.iter().map(|a| game.write_action(a)).collect();
    assert_eq!(written.len(), 2, "{written:?}");
    let ids = game.action_ids(&actions);
    assert_ne!(ids[0], ids[1], "{written:?}");
    let layout = game.layout().unwrap();
    assert!(ids.iter().all(|&id| id < layout.actions));
    let low = written.iter().position(|w| w == "c1-e3-c5-e7").unwrap();
    assert!(ids[low] < ids[1 - low], "{written:?} {ids:?}");
    for (action, id) in actions.iter().zip(&ids) {
        assert_eq!(game.action_id(action), *id);
    }
}
