//! Moving Maze written in the core language
//! (`relic::games::moving_maze::core_form::maze_core`: the floating tile,
//! rotations, slides with the last exit point, pushed-off adventurers,
//! paths and single steps, relics in order or not, collections that end
//! the move, both ways of winning) beside the engine itself, on every
//! shipped Moving Maze ruleset and every board of `boards/` and of the
//! conformance folder (read in place) that the ruleset accepts: seeded
//! random games where, after every action, both list the same actions
//! (in the core's notation), have the same status, and show the same
//! tiles, relics and adventurers on every cell of the maze and on the
//! floating tile, and the same count of relics per seat. Lowerings broken
//! on purpose are caught.

use crate::common;

use common::core_files::{Alike, listing_differs, play_core, seeded_alike, stack_at};

use std::path::PathBuf;
use std::sync::Arc;

use relic::contract::Game as _;
use relic::games::moving_maze::board::{Pos, Tile, parse_board};
use relic::games::moving_maze::core_form::{core_action_text, maze_core};
use relic::games::moving_maze::engine::{Action, Event, Game};
use relic::lang::{CoreGame, parse_core_resolved};
use relic::rules::{Rules, load_ruleset};

/// Seeded games per ruleset and board, and actions per game.
const GAMES: u64 = 2;
const ACTIONS: usize = 120;

fn rulesets() -> Vec<(PathBuf, Arc<Rules>)> {
    let mut files = vec![PathBuf::from("rulesets/moving-maze.toml")];
    files.extend(common::fixture_files("rulesets/variants", "toml"));
    let rules: Vec<_> = (files.into_iter())
        .map(|f| {
            let ruleset = load_ruleset(&f).unwrap_or_else(|e| panic!("{}", e.render(80)));
            (f, Arc::new(Rules::new(ruleset)))
        })
        .collect();
    assert!(rules.len() >= 9, "only {} rulesets", rules.len());
    rules
}

fn boards() -> Vec<(PathBuf, String)> {
    let mut files = common::fixture_files("boards", "gbf");
    if let Some(dir) = common::shared_dir("conformance/moving-maze/boards") {
        let mut shared: Vec<PathBuf> = (std::fs::read_dir(dir).unwrap())
            .map(|e| e.unwrap().path())
            .collect();
        shared.sort();
        files.extend(shared);
    }
    (files.into_iter())
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect()
}

/// A lowering deliberately wrong, to show the comparison catches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    No,
    /// The last exit point allowed.
    LastExit,
    /// Pushed-off adventurers taken off the maze and never put back.
    NoPushBack,
    /// Relics never collected.
    NoCollect,
}

fn broken_toml(game: &Game, broken: Broken) -> String {
    let toml = maze_core(game).unwrap();
    match broken {
        Broken::No => toml,
        Broken::LastExit => toml.replace("{$ last != ", "{$ last != 99 + "),
        Broken::NoPushBack => {
            let seats = ["green", "yellow", "red", "blue"];
            (seats.iter()).fold(toml, |t, s| {
                t.replace(&format!("[push a-{s}] [$ out_"), "[$ out_")
            })
        }
        Broken::NoCollect => toml.replace("[pop] ([drop])*! [$ found_", "([drop])*! [$ found_"),
    }
}

struct Pair<'m> {
    engine: Game,
    core: CoreGame,
    met: &'m mut Met,
}

impl Alike for Pair<'_> {
    type Action = Action;

    fn difference(&self) -> Option<String> {
        let engine = (self.actions().into_iter())
            .map(|a| core_action_text(&self.engine, a))
            .collect();
        listing_differs(engine, self.engine.status(), &self.core, &[])
            .or_else(|| self.cells())
            .or_else(|| self.counts())
    }

    fn actions(&self) -> Vec<Action> {
        (self.engine.legal_actions().into_iter())
            .filter(|a| *a != Action::Quit)
            .collect()
    }

    fn play(&mut self, action: Action) {
        let words = core_action_text(&self.engine, action);
        self.met.count(&self.engine.apply(action).expect("legal"));
        play_core(&mut self.core, &words);
    }
}

impl Pair<'_> {
    /// The first cell whose tile, relic or adventurers differ.
    fn cells(&self) -> Option<String> {
        let maze = self.engine.maze();
        let (w, h) = (maze.width(), maze.height());
        let glyphs = adventurer_glyphs(self.core.program());
        for y in 0..h {
            for x in 0..w {
                let pos = Pos::new(x, y);
                let mut advs: Vec<String> = (self.engine.players().iter().zip(&glyphs))
                    .filter(|(p, _)| p.pos == pos)
                    .map(|(_, g)| g.clone())
                    .collect();
                advs.sort();
                let stack = stack_at(&self.core, u16::from(x) + 1, u16::from(h - y));
                if let Some(problem) = same_stack(maze.tile(pos), &advs, stack) {
                    return Some(format!("tile {pos}: {problem}"));
                }
            }
        }
        let floating = stack_at(&self.core, 0, 0);
        same_stack(self.engine.floating(), &[], floating).map(|p| format!("floating: {p}"))
    }

    fn counts(&self) -> Option<String> {
        let program = self.core.program();
        let values = self.core.values();
        for (k, player) in self.engine.players().iter().enumerate() {
            let name = format!("found_{}", program.players[k]);
            let v = program.variables.iter().find(|v| v.name == name).unwrap();
            let found = values[usize::from(v.slot)];
            if found != i32::from(player.collected) {
                return Some(format!(
                    "seat {k}: engine {}, core {found}",
                    player.collected
                ));
            }
        }
        None
    }
}

/// Each seat's adventurer glyph, as the core form's program names it:
/// the glyph of the kind `a-PLAYER`.
fn adventurer_glyphs(program: &relic::lang::Program) -> Vec<String> {
    (program.players.iter())
        .map(|player| {
            let kind = program
                .kinds
                .iter()
                .position(|k| *k == format!("a-{player}"));
            let piece = program
                .pieces
                .iter()
                .find(|p| Some(usize::from(p.kind)) == kind);
            piece.expect("an adventurer kind per player").glyph.clone()
        })
        .collect()
}

fn same_stack(tile: Tile, advs: &[String], mut stack: Vec<String>) -> Option<String> {
    let mut expected = vec![format!("{:x}", tile.sides().bits())];
    expected.extend(tile.relic().map(|r| r.to_string()));
    let split = expected.len().min(stack.len());
    let mut above = stack.split_off(split);
    above.sort();
    (stack != expected || above != advs)
        .then(|| format!("engine {expected:?} {advs:?}, core {stack:?} {above:?}"))
}

/// How often the games compared met each event that matters.
#[derive(Debug, Default)]
struct Met {
    positions: usize,
    displaced: usize,
    collected: usize,
    won: usize,
}

impl Met {
    fn count(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::Displaced { .. } => self.displaced += 1,
                Event::RelicCollected { .. } => self.collected += 1,
                Event::Won { .. } => self.won += 1,
                _ => {}
            }
        }
    }
}

/// Plays the seeded games on `board` under `rules`, counting what they
/// met in `met`; the first difference, if any.
fn same_games(
    rules: &Arc<Rules>,
    board: &str,
    broken: Broken,
    met: &mut Met,
) -> Result<(), String> {
    let Ok(board) = parse_board(board, &rules.limits()) else {
        return Ok(());
    };
    let Ok(start) = Game::new(rules.clone(), &board) else {
        return Ok(());
    };
    let toml = broken_toml(&start, broken);
    let (_, program) = parse_core_resolved(&toml, "maze.toml", None)
        .unwrap_or_else(|e| panic!("{}\n{toml}", e.render(80)));
    for seed in 0..GAMES {
        let mut pair = Pair {
            engine: start.clone(),
            core: CoreGame::new(program.clone()),
            met: &mut *met,
        };
        let compared = seeded_alike(&mut pair, seed, ACTIONS)?;
        met.positions += compared;
    }
    Ok(())
}

fn everywhere(broken: Broken) -> Result<Met, String> {
    let boards = boards();
    let mut met = Met::default();
    for (path, rules) in rulesets() {
        for (board_path, board) in &boards {
            same_games(&rules, board, broken, &mut met)
                .map_err(|e| format!("{} on {}: {e}", path.display(), board_path.display()))?;
        }
    }
    Ok(met)
}

#[test]
fn the_core_form_plays_the_engines_games() {
    let met = everywhere(Broken::No).unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{met:?}");
    assert!(met.positions > 2_000, "{met:?}");
    assert!(
        met.displaced > 50 && met.collected > 50 && met.won > 5,
        "{met:?}"
    );
}

#[test]
fn a_wrong_core_form_is_caught() {
    for broken in [Broken::LastExit, Broken::NoPushBack, Broken::NoCollect] {
        assert!(everywhere(broken).is_err(), "{broken:?} not caught");
    }
}
