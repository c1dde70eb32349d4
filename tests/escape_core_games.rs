//! Escape written in the core language
//! (`relic::games::escape::core_form::escape_core`: value-carrying
//! kinds, the types' routes, landing, scoring through exits and by
//! falling in, the capture policies with point conflicts over stacks,
//! score goals, move limits and having no move) beside the engine itself,
//! on every shipped Escape ruleset and every finite configuration of
//! `tests/fixtures/escape/valid`, `boards/` and the conformance folder
//! (read in place): seeded random games where, after every move, both
//! list the same moves (in the core's notation), have the same status,
//! and show the same location types and pieces (type, owner, value, in
//! stack order) on every cell and the same scores. Lowerings broken on
//! purpose are caught.

use crate::common;

use std::path::PathBuf;

use common::core_files::{Alike, listing_differs, play_core, seeded_alike, stack_at};
use relic::contract::Game as _;
use relic::escape::Action;
use relic::escape::config::read_config_file;
use relic::escape::ruleset::{ESCAPE_BUILTINS, builtin_escape};
use relic::escape::{EscapeGame, Event};
use relic::games::escape::core_form::{cell_glyphs, core_action_text, escape_core};
use relic::lang::{CoreGame, parse_core_resolved};
use relic::mechanics::movement::Axis;

/// Seeded games per configuration and ruleset, and moves per game.
const GAMES: u64 = 3;
const MOVES: usize = 80;
/// The largest distance of a jumper that may turn whose routes the core
/// enumerates quickly (its paths are enumerated one by one; other movers
/// are a bounded flood fill or straight lines).
const MAX_BUDGET: u32 = 5;

fn configs() -> Vec<PathBuf> {
    let mut files = common::fixture_files("tests/fixtures/escape/valid", "egc");
    files.extend(common::fixture_files("tests/fixtures/escape/play", "egc"));
    files.extend(common::fixture_files("boards", "egc"));
    if let Some(dir) = common::shared_dir("conformance/escape/configs") {
        let mut shared: Vec<PathBuf> = (std::fs::read_dir(dir).unwrap())
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "egc"))
            .collect();
        shared.sort();
        files.extend(shared);
    }
    files
}

/// A lowering deliberately wrong, to show the comparison catches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    No,
    /// Exits score nothing.
    NoScore,
    /// A point conflict leaves the attacker its whole value.
    NoLoss,
    /// A move limit never ends the game.
    NoLimit,
}

fn broken_toml(game: &EscapeGame, broken: Broken) -> Option<String> {
    let toml = escape_core(game).ok()?;
    Some(match broken {
        Broken::No => toml,
        Broken::NoScore => (toml.replace("[$ score1 = score1 + ", "[$ steps = "))
            .replace("[$ score2 = score2 + ", "[$ steps = "),
        Broken::NoLoss => toml.replace("[$ val = atk]", ""),
        Broken::NoLimit => toml.replace("{$ moves >= ", "{$ moves > 9999 + "),
    })
}

struct Pair<'m> {
    engine: EscapeGame,
    core: CoreGame,
    met: &'m mut Met,
}

impl Alike for Pair<'_> {
    type Action = Action;

    fn difference(&self) -> Option<String> {
        let engine = self.actions().into_iter().map(core_action_text);
        let status = self.engine.status();
        listing_differs(engine.collect(), status, &self.core, &["forfeit"])
            .or_else(|| self.cells())
            .or_else(|| self.scores())
    }

    fn actions(&self) -> Vec<Action> {
        (self.engine.legal_actions().into_iter())
            .filter(|a| matches!(a, Action::Move { .. }))
            .collect()
    }

    fn play(&mut self, action: Action) {
        self.met.count(&self.engine.apply(&action).expect("legal"));
        play_core(&mut self.core, &core_action_text(action));
    }
}

impl Pair<'_> {
    /// The first cell whose location type or pieces differ.
    fn cells(&self) -> Option<String> {
        let (Axis::Finite(w), Axis::Finite(h)) = (self.engine.board().x, self.engine.board().y)
        else {
            unreachable!("a core form has a finite board")
        };
        for y in 1..=h as i32 {
            for x in 1..=w as i32 {
                let engine = cell_glyphs(&self.engine, (x, y));
                let core = stack_at(&self.core, (x - 1) as u16, (y - 1) as u16);
                if engine != core {
                    return Some(format!("({x}, {y}): engine {engine:?}, core {core:?}"));
                }
            }
        }
        None
    }

    fn scores(&self) -> Option<String> {
        let program = self.core.program();
        let values = self.core.values();
        for seat in 0..2 {
            let name = format!("score{}", seat + 1);
            let v = program.variables.iter().find(|v| v.name == name).unwrap();
            let core = values[usize::from(v.slot)];
            let engine = self.engine.score(seat);
            if core != engine as i32 {
                return Some(format!("{name}: engine {engine}, core {core}"));
            }
        }
        None
    }
}

/// How often the games compared met each event that matters.
#[derive(Debug, Default)]
struct Met {
    positions: usize,
    escaped: usize,
    fell: usize,
    removed: usize,
    reduced: usize,
    ended: usize,
}

impl Met {
    fn count(&mut self, events: &[Event]) {
        for event in events {
            match event {
                Event::Escaped { fell: true, .. } => self.fell += 1,
                Event::Escaped { .. } => self.escaped += 1,
                Event::Removed { .. } => self.removed += 1,
                Event::Reduced { .. } => self.reduced += 1,
                Event::Ended(_) => self.ended += 1,
                _ => {}
            }
        }
    }
}

/// Plays the seeded games of `start`, counting what they met in `met`;
/// the first difference, if any.
fn same_games(start: &EscapeGame, broken: Broken, met: &mut Met) -> Result<(), String> {
    let pieces = &start.table().config.pieces;
    let turning_jumper = |m: &relic::mechanics::movement::Mover| {
        m.jump && !m.fly && m.pattern != relic::mechanics::movement::Pattern::Linear
    };
    if (pieces.iter()).any(|t| turning_jumper(&t.mover) && t.mover.budget > MAX_BUDGET) {
        return Ok(());
    }
    let Some(toml) = broken_toml(start, broken) else {
        return Ok(());
    };
    let (_, program) = parse_core_resolved(&toml, "escape.toml", None)
        .unwrap_or_else(|e| panic!("{}\n{toml}", e.render(80)));
    for seed in 0..GAMES {
        let mut pair = Pair {
            engine: start.clone(),
            core: CoreGame::new(program.clone()),
            met: &mut *met,
        };
        let compared = seeded_alike(&mut pair, seed, MOVES)?;
        met.positions += compared;
    }
    Ok(())
}

fn everywhere(broken: Broken) -> Result<Met, String> {
    let mut met = Met::default();
    for path in configs() {
        let config = read_config_file(&path).unwrap_or_else(|f| panic!("{}", f.render(80)));
        for (name, _) in ESCAPE_BUILTINS {
            let rules = builtin_escape(name).expect("built in").expect("valid");
            let start = EscapeGame::new(config.clone(), rules.variant);
            same_games(&start, broken, &mut met)
                .map_err(|e| format!("{} under {name}: {e}", path.display()))?;
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
        met.escaped > 20 && met.fell > 0 && met.removed > 20 && met.reduced > 5 && met.ended > 10,
        "{met:?}"
    );
}

/// Every move, and every answer to it, from the positions whose stacks
/// meet point conflicts (`tests/fixtures/escape/play/stack-*.egc`): the
/// same pieces left, in the same order.
#[test]
fn stacks_fight_alike_after_every_two_moves() {
    let mut compared = 0;
    for path in common::fixture_files("tests/fixtures/escape/play", "egc") {
        if !path.to_string_lossy().contains("stack-") {
            continue;
        }
        let config = read_config_file(&path).unwrap();
        let start = EscapeGame::new(config, Default::default());
        let toml = escape_core(&start).unwrap();
        let (_, program) = parse_core_resolved(&toml, "escape.toml", None).unwrap();
        let pair = Pair {
            engine: start,
            core: CoreGame::new(program),
            met: &mut Met::default(),
        };
        compared += every_line(&pair, 2).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    assert!(compared > 20, "{compared}");
}

/// Compares `pair` after every sequence of up to `depth` moves; how many
/// positions were compared, or the first difference.
fn every_line(pair: &Pair, depth: usize) -> Result<usize, String> {
    if let Some(problem) = pair.difference() {
        return Err(problem);
    }
    let mut compared = 1;
    if depth == 0 {
        return Ok(compared);
    }
    for action in pair.actions() {
        let mut next = Pair {
            engine: pair.engine.clone(),
            core: pair.core.clone(),
            met: &mut Met::default(),
        };
        next.play(action);
        let words = core_action_text(action);
        compared += every_line(&next, depth - 1).map_err(|e| format!("{words}: {e}"))?;
    }
    Ok(compared)
}

#[test]
fn a_wrong_core_form_is_caught() {
    for broken in [Broken::NoScore, Broken::NoLoss, Broken::NoLimit] {
        assert!(everywhere(broken).is_err(), "{broken:?} not caught");
    }
}
