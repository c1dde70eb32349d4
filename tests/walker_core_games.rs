//! Whole walker-physics games lowered into the core
//! (`relic::walker::lower::walker_core`: the moves, the physics after each
//! step or after the move, the end patterns and the `end` action) beside
//! the walker itself, on every shipped walker-physics ruleset and the
//! caves of the fixtures, of the conformance folder (read in place) and
//! seeded random caves: seeded random games where, after every action,
//! both list the same legal actions in the same order and notation, hold
//! the same square in every place and have the same status. A lowering
//! broken on purpose (a wrong timing, a push that ignores its direction)
//! is caught.

use crate::common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use relic::contract::{Game, Status};
use relic::games::boulder_dash::BoardText;
use relic::games::boulder_dash::board::read_board;
use relic::lang::{CoreGame, Program as CoreProgram, parse_core_resolved};
use relic::walker::lower::walker_core;
use relic::walker::{Grid, Program, Walker, load_walker};

/// The caves of the fixtures and of the conformance folder.
fn cave_texts() -> Vec<(String, String)> {
    let mut dirs = vec![
        PathBuf::from("tests/fixtures/boulder-dash/cases"),
        PathBuf::from("tests/fixtures/boulder-dash/game-files"),
        PathBuf::from("tests/fixtures/boulder-dash/check"),
    ];
    dirs.extend(common::shared_dir("conformance/boulder-dash/cases"));
    let mut caves = Vec::new();
    for dir in dirs {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "board"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            caves.push((file.display().to_string(), text));
        }
    }
    caves
}

/// A seeded random cave of `program`'s kinds with one actor.
fn random_cave(program: &Program, seed: u64) -> Grid {
    let (width, height) = (6, 5);
    let mut rng = fastrand::Rng::with_seed(seed);
    let others: Vec<u8> = (0..program.kinds.len() as u8)
        .filter(|&k| k != program.actor)
        .flat_map(|k| match k == program.empty {
            true => vec![k; 4],
            false => vec![k],
        })
        .collect();
    let mut squares: Vec<u8> = (0..width * height)
        .map(|_| others[rng.usize(..others.len())])
        .collect();
    let actor = rng.usize(..squares.len());
    squares[actor] = program.actor;
    Grid::from_kinds(width, height, squares, program.outside)
}

/// Positions compared, for the report.
static POSITIONS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Ends acknowledged by the `end` action, for the report.
static ACKNOWLEDGED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The two games side by side.
struct Pair {
    walker: Walker<BoardText>,
    core: CoreGame,
    glyph_of_code: HashMap<u8, char>,
}

impl Pair {
    fn new(program: &Arc<Program>, cave: Grid, core: &Arc<CoreProgram>) -> Option<Pair> {
        let walker = Walker::new(program.clone(), cave)?;
        let glyph_of_code = (core.pieces.iter().enumerate())
            .map(|(i, p)| (i as u8 + 1, p.glyph.chars().next().unwrap()))
            .collect();
        Some(Pair {
            walker,
            core: CoreGame::new(core.clone()),
            glyph_of_code,
        })
    }

    /// The first difference between the two, if any.
    fn difference(&self) -> Option<String> {
        let walker: Vec<String> = (self.walker.legal_actions().iter())
            .map(|a| self.walker.write_action(a))
            .collect();
        let core: Vec<String> = (self.core.legal_actions().iter())
            .map(|a| self.core.write_action(a))
            .collect();
        if walker != core {
            return Some(format!("actions: walker {walker:?}, core {core:?}"));
        }
        let (ws, cs) = (self.walker.status(), self.core.status());
        if !same_status(&ws, &cs) {
            return Some(format!("status: walker {ws:?}, core {cs:?}"));
        }
        let walker_board = self.walker_board();
        let core_board = self.core_board();
        (walker_board != core_board).then(|| {
            format!(
                "board:\nwalker\n{}\ncore\n{}",
                walker_board.join("\n"),
                core_board.join("\n")
            )
        })
    }

    /// The walker's squares as glyphs, the top row first (`.` empty).
    fn walker_board(&self) -> Vec<String> {
        let program = self.walker.program();
        let grid = self.walker.grid();
        let kinds: Vec<u8> = grid.kinds().collect();
        (0..grid.height())
            .rev()
            .map(|y| {
                (kinds[y * grid.width()..(y + 1) * grid.width()].iter())
                    .map(|&k| match k == program.empty {
                        true => '.',
                        false => program.kinds[usize::from(k)].glyph,
                    })
                    .collect()
            })
            .collect()
    }

    /// The core game's cells as glyphs, the top row first.
    fn core_board(&self) -> Vec<String> {
        let program = self.core.program();
        let board = &program.board;
        let (width, height) = (self.walker.grid().width(), self.walker.grid().height());
        (0..height)
            .rev()
            .map(|y| {
                (0..width)
                    .map(|x| {
                        let cell = board.at_xy(x as u16, y as u16).unwrap();
                        match self.core.cells()[usize::from(cell)] {
                            0 => '.',
                            code => self.glyph_of_code[&code],
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

fn same_status(walker: &Status, core: &Status) -> bool {
    format!("{walker:?}") == format!("{core:?}")
}

/// Plays `games` seeded random games of `moves` actions on `cave` side by
/// side; the first difference, with where it was found.
fn first_difference(
    program: &Arc<Program>,
    cave: &Grid,
    lowered: &str,
    games: u64,
    moves: usize,
) -> Option<String> {
    let (_, core) = parse_core_resolved(lowered, "lowered.toml", None)
        .unwrap_or_else(|e| panic!("{}\n{lowered}", e.render(80)));
    for seed in 0..games {
        let mut pair = Pair::new(program, cave.clone(), &core)?;
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut played = Vec::new();
        for _ in 0..moves {
            if let Some(d) = pair.difference() {
                return Some(format!("seed {seed}, after {played:?}: {d}"));
            }
            let actions = pair.walker.legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[rng.usize(..actions.len())];
            let text = pair.walker.write_action(&action);
            POSITIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if text == "0" {
                ACKNOWLEDGED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            pair.walker.apply(&action).unwrap();
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

fn caves_of(program: &Program) -> Vec<(String, Grid)> {
    let mut caves: Vec<(String, Grid)> = (cave_texts().into_iter())
        .filter_map(|(name, text)| Some((name, read_board(program, &text).ok()?)))
        .collect();
    caves.extend((0..40).map(|seed| (format!("random cave {seed}"), random_cave(program, seed))));
    caves
}

#[test]
fn every_shipped_ruleset_plays_the_same_in_the_core() {
    let mut checked = 0;
    for (file, program) in common::walker_physics_rulesets() {
        for (name, cave) in caves_of(&program) {
            if Walker::<BoardText>::new(program.clone(), cave.clone()).is_none() {
                continue;
            }
            let lowered = walker_core(&program, &cave);
            if let Some(d) = first_difference(&program, &cave, &lowered, 6, 40) {
                panic!("{} on {name}: {d}", file.display());
            }
            checked += 1;
        }
    }
    let positions = POSITIONS.load(std::sync::atomic::Ordering::Relaxed);
    let ends = ACKNOWLEDGED.load(std::sync::atomic::Ordering::Relaxed);
    eprintln!("{checked} caves, {positions} positions compared, {ends} ends acknowledged");
    assert!(checked >= 5 * 60, "{checked} caves");
    assert!(
        ends >= 50,
        "games reach an end pattern and its acknowledgement"
    );
}

#[test]
fn broken_lowerings_are_caught() {
    let program = load_walker(Path::new("rulesets/boulder-dash.toml")).unwrap();
    let caves = caves_of(&program);
    let caught = |broken: &dyn Fn(&str) -> String| {
        caves.iter().any(|(_, cave)| {
            Walker::<BoardText>::new(program.clone(), cave.clone()).is_some()
                && first_difference(&program, cave, &broken(&walker_core(&program, cave)), 4, 30)
                    .is_some()
        })
    };
    // The physics after every step instead of after the move.
    assert!(caught(
        &|t: &str| t.replace("settle verdict rest finish", "finish")
    ));
    // A push that moves the piece one square too far.
    assert!(caught(
        &|t: &str| t.replace("<e {empty} [", "<e {empty} e [")
    ));
    // Diamonds not counted as taken (still the same board): caught by the
    // walker's order of listing? No: a walk that may not take diamonds.
    assert!(caught(&|t: &str| t.replace("| {diamond} [$", "| {wall} [$")));
}
