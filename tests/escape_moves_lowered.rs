//! Escape's moves as core routes (`src/mechanics/lower/`): in seeded
//! random games of every shipped escape ruleset on every finite `.egc`
//! configuration of `tests/fixtures/escape/valid` and the conformance
//! folder (read in place through `RELIC_SHARED`), the position written as
//! a core ruleset (location types as neutral kinds, piece types as the
//! players' kinds, each type's routes from its mover, landing from the
//! location rules and the capture policy) lists exactly the moves Escape's
//! engine lists. Effects (conflicts, scoring, the race's end) are not
//! lowered yet: only the set of legal moves is compared.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use relic::contract::Game;
use relic::escape::Action;
use relic::escape::config::read_config_file;
use relic::escape::ruleset::{ESCAPE_BUILTINS, builtin_escape};
use relic::escape::{EscapeGame, Variant};
use relic::lang::{CoreGame, parse_core_resolved};
use relic::mechanics::lower::{Routes, Words, board_spec, cell_name};
use relic::mechanics::movement::Coord;
use relic::mechanics::squares::Passage;

/// Seeded games per configuration and ruleset, and moves per game.
const GAMES: u64 = 2;
const MOVES: usize = 12;
/// The largest distance whose routes the core enumerates quickly (paths
/// are enumerated one by one).
const MAX_BUDGET: u32 = 5;

fn configs() -> Vec<PathBuf> {
    let mut dirs =
        vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/escape/valid")];
    dirs.extend(common::shared_dir("conformance/escape/configs"));
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| {
            std::fs::read_dir(d)
                .expect("folder")
                .flatten()
                .map(|e| e.path())
        })
        .filter(|p| p.extension().is_some_and(|e| e == "egc"))
        .collect();
    files.sort();
    files
}

/// The location rules the core writing below assumes (the shipped ones).
fn plain(variant: &Variant) -> bool {
    variant.clear.passage == Passage::Open
        && variant.clear.land
        && !variant.clear.removes()
        && variant.block.passage == Passage::Wall
        && matches!(variant.exit.passage, Passage::Trap | Passage::Hurdle)
}

/// A lowering deliberately wrong, to show the comparison catches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Broken {
    No,
    /// Every budget one short.
    Short,
    /// Landing on an own piece allowed.
    OwnLanding,
    /// Falling into exits left out.
    NoFall,
}

/// The position as a core ruleset whose player to move (always the first)
/// is the Escape player to move.
fn core_toml(game: &EscapeGame, seat: usize, broken: Broken) -> Option<String> {
    let table = game.table();
    let (shape, w, h) = board_spec(&table.config.board).ok()?;
    let words = Words::new("steps", "here", &["block"], &["exit"]);
    let land = format!(
        "{}{}{}",
        if table.variant.block.land {
            ""
        } else {
            "{! {block}} "
        },
        if broken == Broken::OwnLanding {
            ""
        } else {
            "{! {own}}"
        },
        if table.capture.may_land(false) {
            ""
        } else {
            " {! {enemy}}"
        },
    );
    let exit = if table.variant.exit.land {
        ""
    } else {
        "{! {exit}} "
    };
    let mut kinds = String::new();
    let mut ways = Vec::new();
    for (i, piece) in table.config.pieces.iter().enumerate() {
        if piece.mover.budget > MAX_BUDGET {
            return None;
        }
        kinds += &format!("[[kinds]]\nname = \"t{i}\"\nglyphs = [\"p{i}\", \"q{i}\"]\n");
        let mut mover = piece.mover;
        if broken == Broken::Short {
            mover.budget = mover.budget.saturating_sub(1);
        }
        let Some(routes) = Routes::new(&table.config.board, &mover, table.crossing, &words).ok()?
        else {
            continue;
        };
        let mut paths = vec![routes.clean];
        paths.extend(routes.fall.filter(|_| broken != Broken::NoFall));
        let paths: Vec<String> = paths
            .iter()
            .map(|p| format!("{p} {{! {{here}}}}"))
            .collect();
        ways.push(format!(
            "any {{own t{i}}} mark [lift] [push here] ({}) {exit}{land} mark",
            paths.join(" | ")
        ));
    }
    if ways.is_empty() {
        return None;
    }
    let mut rows = Vec::new();
    for y in (1..=h as i32).rev() {
        let row: Vec<String> = (1..=w as i32).map(|x| glyph(game, (x, y), seat)).collect();
        rows.push(row.join(" "));
    }
    Some(format!(
        "game = \"core\"\nname = \"escape moves\"\nplayers = [\"one\", \"two\"]\n\
         rules = {:?}\n[board]\nshape = \"{}\"\nwidth = {w}\nheight = {h}\nsetup = {rows:?}\n{kinds}\
         [[kinds]]\nname = \"block\"\nglyph = \"#\"\n[[kinds]]\nname = \"exit\"\nglyph = \"X\"\n\
         [[kinds]]\nname = \"here\"\nglyph = \"H\"\n[[variables]]\nname = \"steps\"\nmax = 64\n",
        format!("({}) ->next", ways.join(" | ")),
        format!("{shape:?}").to_lowercase(),
    ))
}

fn glyph(game: &EscapeGame, at: Coord, seat: usize) -> String {
    if let Some(piece) = game.piece(at) {
        let side = if piece.owner == seat { 'p' } else { 'q' };
        return format!("{side}{}", piece.kind);
    }
    match game.terrain(at).upper() {
        "BLOCK" => "#".into(),
        "EXIT" => "X".into(),
        _ => ".".into(),
    }
}

/// Escape's moves and the core's, as `FROM-TO` cell names.
fn both(game: &EscapeGame, toml: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let engine = game
        .legal_actions()
        .iter()
        .filter_map(|a| match *a {
            Action::Move { from, to } => Some(format!("{}-{}", cell_name(from), cell_name(to))),
            _ => None,
        })
        .collect();
    let (_, program) = parse_core_resolved(toml, "escape-moves.toml", None)
        .unwrap_or_else(|e| panic!("{e:?}\n{toml}"));
    let core = CoreGame::new(program);
    let listed = core
        .legal_actions()
        .iter()
        .map(|a| core.write_action(a))
        .collect();
    (engine, listed)
}

/// Plays the seeded games of `path` under `ruleset`, comparing every
/// position; how many were compared, or the first difference.
fn same_moves(path: &Path, ruleset: &str, broken: Broken) -> Result<usize, String> {
    let config = read_config_file(path).unwrap_or_else(|f| panic!("{}", f.render(80)));
    let rules = builtin_escape(ruleset).expect("built in").expect("valid");
    if !plain(&rules.variant) {
        return Ok(0);
    }
    let mut compared = 0;
    for seed in 0..GAMES {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut game = EscapeGame::new(config.clone(), rules.variant);
        for _ in 0..MOVES {
            let relic::contract::Status::ToMove(seat) = game.status() else {
                break;
            };
            let Some(toml) = core_toml(&game, seat, broken) else {
                return Ok(compared);
            };
            let (engine, core) = both(&game, &toml);
            if engine != core {
                let at = (path.display(), game.turn());
                return Err(format!(
                    "{at:?} under {ruleset}, seed {seed}: engine {engine:?}, core {core:?}"
                ));
            }
            compared += 1;
            let legal = game.legal_actions();
            let moves: Vec<&Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::Move { .. }))
                .collect();
            if moves.is_empty() {
                break;
            }
            game.apply(moves[rng.usize(..moves.len())]).expect("legal");
        }
    }
    Ok(compared)
}

/// Every configuration under every shipped ruleset; the number of
/// positions compared, or the first difference.
fn everywhere(broken: Broken) -> Result<usize, String> {
    let mut compared = 0;
    for path in configs() {
        for (name, _) in ESCAPE_BUILTINS {
            compared += same_moves(&path, name, broken)?;
        }
    }
    Ok(compared)
}

#[test]
fn the_lowered_routes_list_escapes_moves() {
    let compared = everywhere(Broken::No).unwrap();
    eprintln!("{compared} positions compared");
    assert!(compared > 200, "only {compared} positions compared");
}

#[test]
fn a_wrong_lowering_is_caught() {
    for broken in [Broken::Short, Broken::OwnLanding, Broken::NoFall] {
        assert!(everywhere(broken).is_err(), "{broken:?} not caught");
    }
}
