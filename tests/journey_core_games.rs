//! Whole level-walking games lowered into the core
//! (`relic::walker::journey::journey_core`: steps, item uses, stats, cell
//! changes, levels and outcomes) beside the level walker itself, on every
//! shipped level-walking ruleset and the level files of the fixtures, of
//! the conformance folder (read in place), the rulesets' default levels
//! and seeded random levels: seeded random games where, after every
//! action, both list the same legal actions in the same order and
//! notation, show the same stacks on every cell of the level (the same
//! kinds, learnt as they first appear and never confused), hold the same
//! stats and inventory (in its order) and have the same status. Lowerings
//! broken on purpose are caught.

use crate::common;

use std::path::PathBuf;
use std::sync::Arc;

use relic::contract::{Game, Outcome, Status};
use relic::games::maze_runner::levels::parse_levels;
use relic::games::maze_runner::{level_syntax, new_game};
use relic::lang::{CoreGame, Program as CoreProgram, parse_core_resolved};
use relic::walker::journey::{Journey, Program, journey_core, load_journey, parse_journey};
use relic::walker::levels::{Level, NO_ITEM};

/// Every shipped level-walking ruleset.
fn rulesets() -> Vec<(PathBuf, Arc<Program>)> {
    let mut files = vec![PathBuf::from("rulesets/maze-runner.toml")];
    files.extend(common::fixture_files(
        "rulesets/maze-runner-variants",
        "toml",
    ));
    let mut programs: Vec<_> = (files.into_iter())
        .map(|f| {
            let program = load_journey(&f).unwrap_or_else(|e| panic!("{}", e.render(80)));
            (f, program)
        })
        .collect();
    assert!(programs.len() >= 4);
    let shifting = parse_journey(SHIFTING, "shifting.toml", None)
        .unwrap_or_else(|e| panic!("{}", e.render(80)));
    programs.push((PathBuf::from("shifting.toml"), shifting));
    programs
}

/// A ruleset whose changes turn kinds the actor stands on and items lie
/// on: the floor burns to lava once honey is held, lava cools to an exit
/// once water is held.
const SHIFTING: &str = r#"
game = "walker-levels"
extends = "maze-runner"
name = "Maze Runner (shifting floor)"

[changes.floor-burns]
from = "floor"
to = "lava"
when = "held Honey"

[changes.lava-cools]
from = "lava"
to = "open-door"
when = "held Water"
"#;

/// The level files of the fixtures and of the conformance folder, and the
/// ruleset's default levels, as `program` reads them.
fn level_files(program: &Arc<Program>) -> Vec<(String, Arc<[Level]>)> {
    let mut texts: Vec<(String, String)> = Vec::new();
    let mut files = common::fixture_files("tests/fixtures/maze-runner/levels", "txt");
    if let Some(dir) = common::shared_dir("conformance/maze-runner/games") {
        let mut shared: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        shared.sort();
        files.extend(shared);
    }
    for file in files {
        texts.push((
            file.display().to_string(),
            std::fs::read_to_string(&file).unwrap(),
        ));
    }
    if let Some(text) = &program.default_levels {
        texts.push(("the default levels".to_owned(), text.clone()));
    }
    let syntax = level_syntax(program);
    (texts.into_iter())
        .filter_map(|(name, text)| {
            let (file, _) = parse_levels(&text, &syntax).ok()?;
            let levels = new_game(program.clone(), &file).levels().to_vec();
            Some((name, levels.into()))
        })
        .collect()
}

/// Seeded random levels: two or three of random sizes, each cell a random
/// kind (the floor most often) or item, a random start.
fn random_levels(program: &Program, seed: u64) -> Arc<[Level]> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let count = rng.usize(2..=3);
    (0..count)
        .map(|_| {
            let (rows, columns) = (rng.usize(1..=6), rng.usize(1..=7));
            let mut kinds = Vec::new();
            let mut items = Vec::new();
            for _ in 0..rows * columns {
                let roll = rng.usize(..10);
                let item = (roll < 3 && !program.items.is_empty())
                    .then(|| rng.u8(..program.items.len() as u8));
                let kind = match (item, roll) {
                    (Some(_), _) | (None, 3..=5) => program.floor,
                    _ => rng.u8(..program.kinds.len() as u8),
                };
                kinds.push(kind);
                items.push(item.unwrap_or(NO_ITEM));
            }
            let start = rng.usize(..rows * columns);
            (kinds[start], items[start]) = (program.floor, NO_ITEM);
            Level {
                rows,
                columns,
                kinds,
                items,
                start,
            }
        })
        .collect()
}

/// The legal actions of `game`, written.
fn written<G: Game>(game: &G) -> Vec<String> {
    (game.legal_actions().iter())
        .map(|a| game.write_action(a))
        .collect()
}

/// What a cell holds, bottom first, on the walker's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Thing {
    Kind(u8),
    Item(u8),
    Actor,
}

/// The two games side by side, and which core code each thing the walker
/// shows has turned out to be.
struct Pair {
    journey: Journey,
    core: CoreGame,
    learnt: Vec<(Thing, u8)>,
}

impl Pair {
    fn difference(&mut self) -> Option<String> {
        let journey = written(&self.journey);
        let core = written(&self.core);
        if journey != core {
            return Some(format!("actions: walker {journey:?}, core {core:?}"));
        }
        let (js, cs) = (self.journey.status(), self.core.status());
        let expected = match js {
            Status::ToMove(_) if journey.is_empty() => Status::Over(Outcome::Stopped),
            other => other,
        };
        if format!("{expected:?}") != format!("{cs:?}") {
            return Some(format!("status: walker {js:?}, core {cs:?}"));
        }
        self.cells().or_else(|| self.values())
    }

    /// The first cell whose stack differs.
    fn cells(&mut self) -> Option<String> {
        let board = self.journey.board().clone();
        let (rows, columns) = board.size();
        let program = self.core.program().clone();
        let height = usize::from(program.board.height);
        for row in 0..rows {
            for column in 0..columns {
                let i = row * columns + column;
                let mut walker = Vec::new();
                if board.kinds.kind_at(i) != self.journey.program().floor {
                    walker.push(Thing::Kind(board.kinds.kind_at(i)));
                }
                if board.items[i] != NO_ITEM {
                    walker.push(Thing::Item(board.items[i]));
                }
                if board.at == i {
                    walker.push(Thing::Actor);
                }
                let cell = usize::from(
                    program
                        .board
                        .at_xy(column as u16, (height - 1 - row) as u16)
                        .unwrap(),
                );
                let mut core: Vec<u8> = self.core.below().of(cell).to_vec();
                if self.core.cells()[cell] != 0 {
                    core.push(self.core.cells()[cell]);
                }
                if !self.same(&walker, &core) {
                    return Some(format!(
                        "cell ({row}, {column}): walker {walker:?}, core {core:?}"
                    ));
                }
            }
        }
        None
    }

    /// Whether the stacks agree, learning what each new thing is.
    fn same(&mut self, walker: &[Thing], core: &[u8]) -> bool {
        walker.len() == core.len()
            && walker.iter().zip(core).all(|(&thing, &code)| {
                match self.learnt.iter().find(|(t, c)| *t == thing || *c == code) {
                    Some(&(t, c)) => t == thing && c == code,
                    None => {
                        self.learnt.push((thing, code));
                        true
                    }
                }
            })
    }

    /// Stats, then the inventory in its order, then the level: the core
    /// keeps the stats first, then each item's count and place.
    fn values(&self) -> Option<String> {
        let values = self.core.values();
        let stats = self.journey.stats().len();
        let core_stats: Vec<i32> = values[..stats].to_vec();
        if core_stats != self.journey.stats() {
            return Some(format!(
                "stats: walker {:?}, core {core_stats:?}",
                self.journey.stats()
            ));
        }
        let items = self.journey.program().items.len();
        let mut held: Vec<(i32, u8, u32)> = (0..items)
            .filter(|&i| values[stats + 2 * i] > 0)
            .map(|i| {
                (
                    values[stats + 2 * i + 1],
                    i as u8,
                    values[stats + 2 * i] as u32,
                )
            })
            .collect();
        held.sort();
        let core_held: Vec<(u8, u32)> = held.iter().map(|&(_, i, n)| (i, n)).collect();
        let places: Vec<i32> = held.iter().map(|&(p, _, _)| p).collect();
        let expected_places: Vec<i32> = (1..=held.len() as i32).collect();
        if core_held != self.journey.inventory().held() || places != expected_places {
            return Some(format!(
                "inventory: walker {:?}, core {held:?}",
                self.journey.inventory().held()
            ));
        }
        let level = values[stats + 2 * items + 1];
        (level as usize != self.journey.board().level)
            .then(|| format!("level: walker {}, core {level}", self.journey.board().level))
    }
}

/// Positions compared and levels completed, for the report.
static POSITIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static LEVELS_LEFT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static LOST: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Plays `games` seeded random games of at most `moves` actions side by
/// side; the first difference, with where it was found.
fn first_difference(
    program: &Arc<Program>,
    levels: &Arc<[Level]>,
    lowered: &str,
    games: u64,
    moves: usize,
) -> Option<String> {
    let (_, core) = parse_core_resolved(lowered, "lowered.toml", None)
        .unwrap_or_else(|e| panic!("{}\n{lowered}", e.render(80)));
    let core: Arc<CoreProgram> = core;
    for seed in 0..games {
        let mut pair = Pair {
            journey: Journey::new(program.clone(), levels.clone()),
            core: CoreGame::new(core.clone()),
            learnt: Vec::new(),
        };
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut played = Vec::new();
        for _ in 0..moves {
            if let Some(d) = pair.difference() {
                return Some(format!("seed {seed}, after {played:?}: {d}"));
            }
            let actions = pair.journey.legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.usize(..actions.len())].clone();
            let text = pair.journey.write_action(&action);
            let level = pair.journey.board().level;
            POSITIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            pair.journey.apply(&action).unwrap();
            let counter = match pair.journey.status() {
                Status::Over(Outcome::Lost(_)) => Some(&LOST),
                Status::Over(Outcome::Won(_)) => Some(&LEVELS_LEFT),
                _ => (pair.journey.board().level != level).then_some(&LEVELS_LEFT),
            };
            if let Some(counter) = counter {
                counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            let core_action = pair.core.parse_action(&text).unwrap();
            pair.core.apply(&core_action).unwrap();
            played.push(text);
        }
        if let Some(d) = pair.difference() {
            return Some(format!("seed {seed}, after {played:?}: {d}"));
        }
    }
    None
}

fn levels_of(program: &Arc<Program>) -> Vec<(String, Arc<[Level]>)> {
    let mut levels = level_files(program);
    levels.extend((0..30).map(|seed| {
        (
            format!("random levels {seed}"),
            random_levels(program, seed),
        )
    }));
    levels
}

#[test]
fn every_shipped_ruleset_plays_the_same_in_the_core() {
    let mut checked = 0;
    for (file, program) in rulesets() {
        for (name, levels) in levels_of(&program) {
            let lowered = journey_core(&program, &levels).unwrap();
            if let Some(d) = first_difference(&program, &levels, &lowered, 8, 60) {
                panic!("{} on {name}: {d}\n{lowered}", file.display());
            }
            checked += 1;
        }
    }
    let positions = POSITIONS.load(std::sync::atomic::Ordering::Relaxed);
    let left = LEVELS_LEFT.load(std::sync::atomic::Ordering::Relaxed);
    let lost = LOST.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!(
        "{checked} level sets, {positions} positions compared, {left} levels completed, {lost} games lost"
    );
    assert!(checked >= 5 * 35, "{checked} level sets");
    assert!(left >= 20, "random games complete levels");
    assert!(lost >= 5, "random games are lost");
}

#[test]
fn broken_lowerings_are_caught() {
    let (_, program) = rulesets().into_iter().next().unwrap();
    let sets = levels_of(&program);
    let caught = |broken: &dyn Fn(&str) -> String| {
        sets.iter().any(|(_, levels)| {
            let lowered = broken(&journey_core(&program, levels).unwrap());
            first_difference(&program, levels, &lowered, 6, 60).is_some()
        })
    };
    // Hunger and thirst every fourth step instead of every fifth.
    assert!(caught(&|t: &str| t.replace("tick_5 < 4", "tick_5 < 3")));
    // Lava that costs nothing more than a step.
    assert!(caught(&|t: &str| t.replace("hp - 5]", "hp - 0]")));
    // Doors that open while coins are left.
    assert!(caught(
        &|t: &str| t.replace("count{coin} == 0", "count{coin} >= 0")
    ));
    // An item after a used-up one that keeps its place in the inventory.
    assert!(caught(&|t: &str| t.replace(
        "place_apple = place_apple - 1",
        "place_apple = place_apple"
    )));
    // Leaving the last level without winning.
    assert!(caught(&|t: &str| t.replace("end(win)", "->next")));
}

/// Levels larger than a core board, or too many cells to write for the
/// levels after the first, are refused rather than written.
#[test]
fn levels_beyond_the_core_are_refused() {
    let (_, program) = rulesets().into_iter().next().unwrap();
    let wall = program.kinds.iter().position(|k| k.blocks).unwrap() as u8;
    let level = |rows: usize, columns: usize| Level {
        rows,
        columns,
        kinds: vec![wall; rows * columns],
        items: vec![NO_ITEM; rows * columns],
        start: 0,
    };
    let wide = journey_core(&program, &[level(1, 65)]).unwrap_err();
    assert!(wide.to_string().contains("65 columns wide"), "{wide}");
    let many: Vec<Level> = (0..8).map(|_| level(64, 64)).collect();
    let error = journey_core(&program, &many).unwrap_err();
    assert!(error.to_string().contains("28672 cells"), "{error}");
    assert!(journey_core(&program, &many[..4]).is_ok());
}
