//! The vocabulary as sugar (`src/vocab/lower/`): every shipped vocabulary
//! ruleset that lowers into the core plays the same game on the core
//! interpreter as on the vocabulary's own: the same legal actions in the
//! same order, written the same way, the same outcomes, the same perft
//! counts and the same seeded-game fingerprints as
//! `tests/vocab_same_games.rs` recorded. The rulesets that do not lower
//! yet are listed here with the mechanics they miss.

use crate::common;

use std::sync::Arc;

use relic::contract::Game;
use relic::lang::CoreGame;
use relic::perft::perft;
use relic::vocab::lower::{lower, lower_compiled};
use relic::vocab::{VOCAB_BUILTINS, VocabGame, parse_vocab_resolved, vocab_builtin_source};

/// The shipped rulesets that keep the vocabulary's interpreter, each with
/// the mechanics the core cannot express yet (none: every one lowers).
const NOT_LOWERED: &[(&str, &[&str])] = &[];

/// Perft depth and seeded games each lowered ruleset is played to.
const DEPTH: u32 = 3;
const GAMES: u64 = 60;
const LEAVES: u64 = 300_000;

fn vocab(
    name: &str,
) -> (
    relic::vocab::schema::VocabRuleset,
    Arc<relic::vocab::Program>,
) {
    let source = vocab_builtin_source(name).expect("built in");
    parse_vocab_resolved(source, name, None).expect("valid")
}

/// Every action of both games, written out, in order.
fn listed<G: Game>(game: &G) -> Vec<String> {
    let legal = game.legal_actions();
    legal.iter().map(|a| game.write_action(a)).collect()
}

/// Plays `games` seeded random games on both interpreters side by side;
/// the first difference (legal actions, their order or notation, status,
/// turn), if any.
fn same_games(vocab: &VocabGame, core: &CoreGame, games: u64) -> Result<(), String> {
    for seed in 0..games {
        let mut rng = fastrand::Rng::with_seed(seed);
        let (mut v, mut c) = (vocab.clone(), core.clone());
        let mut played: Vec<String> = Vec::new();
        loop {
            let (lv, lc) = (listed(&v), listed(&c));
            if lv != lc {
                return Err(format!(
                    "seed {seed} after {played:?}:\n vocab {lv:?}\n core  {lc:?}"
                ));
            }
            if v.status() != c.status() || v.turn() != c.turn() {
                let (sv, sc) = (v.status(), c.status());
                return Err(format!(
                    "seed {seed} after {played:?}: vocab {sv:?}, core {sc:?}"
                ));
            }
            if v.status().is_over() {
                break;
            }
            if rng.usize(..8) == 0 {
                // Quitting here ends both games alike.
                let (mut qv, mut qc) = (v.clone(), c.clone());
                qv.apply(&v.parse_action("quit").expect("quit reads"))
                    .expect("quit");
                qc.apply(&c.parse_action("quit").expect("quit reads"))
                    .expect("quit");
                if qv.status() != qc.status() {
                    let (sv, sc) = (qv.status(), qc.status());
                    return Err(format!(
                        "seed {seed} after {played:?}, quitting: vocab {sv:?}, core {sc:?}"
                    ));
                }
            }
            if let Some(last) = played.last() {
                // Played again it is refused (or not) alike, and costs the
                // same penalty.
                let (av, ac) = (v.parse_action(last), c.parse_action(last));
                let (Ok(av), Ok(ac)) = (av, ac) else {
                    return Err(format!("seed {seed}: {last} does not read on both"));
                };
                let pv = v.penalty(&av).map(|a| v.write_action(&a));
                let pc = c.penalty(&ac).map(|a| c.write_action(&a));
                if pv != pc {
                    return Err(format!(
                        "seed {seed} after {played:?}, {last} again: vocab {pv:?}, core {pc:?}"
                    ));
                }
            }
            let pick = rng.usize(..lv.len());
            v.apply(&v.legal_actions()[pick]).expect("listed");
            let action = c.parse_action(&lv[pick]).expect("the notation reads back");
            c.apply(&action).expect("listed");
            played.push(lv[pick].clone());
        }
    }
    Ok(())
}

/// Perft paths of both, depth by depth, to `depth` or as deep as about
/// [`LEAVES`] leaves (the next depth's guessed from the branching so far:
/// the Stacked family's 5x5 board has over a hundred actions a turn).
fn same_perft(vocab: &VocabGame, core: &CoreGame, depth: u32) -> Result<(), String> {
    let mut previous = 1;
    for d in 1..=depth {
        let v = perft(vocab, d, false).last().map_or(0, |r| r.leaves as u64);
        let c = perft(core, d, false).last().map_or(0, |r| r.leaves as u64);
        if v != c {
            return Err(format!("perft {d}: vocab {v}, core {c}"));
        }
        if v * v / previous.max(1) > LEAVES {
            break;
        }
        previous = v;
    }
    Ok(())
}

#[test]
fn every_lowered_ruleset_plays_the_same_game_on_the_core() {
    same_games_where(|name| !name.starts_with("stacked"));
}

/// The Stacked family apart, the longest games, so that the two run side
/// by side.
#[test]
fn every_lowered_stacked_ruleset_plays_the_same_game_on_the_core() {
    same_games_where(|name| name.starts_with("stacked"));
}

/// Every shipped ruleset `chosen` names, lowered, against the vocabulary.
fn same_games_where(chosen: impl Fn(&str) -> bool) {
    let mut problems = Vec::new();
    let names = VOCAB_BUILTINS.iter().map(|&(name, _)| name);
    for name in names.filter(|name| chosen(name)) {
        let (ruleset, program) = vocab(name);
        let listed_missing = NOT_LOWERED.iter().find(|(n, _)| *n == name);
        match (lower_compiled(&ruleset, &program), listed_missing) {
            (Ok((core, _)), None) => {
                let (v, c) = (VocabGame::new(program), CoreGame::new(core));
                let compared = same_perft(&v, &c, DEPTH).and_then(|()| same_games(&v, &c, GAMES));
                if let Err(why) = compared {
                    problems.push(format!("{name}: {why}"));
                }
            }
            (Ok(_), Some(_)) => problems.push(format!("{name} lowers now: take it off the list")),
            (Err(why), None) => problems.push(format!("{name}: {why}")),
            (Err(why), Some((_, mechanics))) => {
                for mechanic in mechanics.iter() {
                    if !why.missing.iter().any(|m| m.contains(mechanic)) {
                        problems.push(format!("{name}: {mechanic} not named in {why}"));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_lowered_games_give_the_recorded_fingerprints() {
    // Recorded by tests/vocab_same_games.rs on the vocabulary's interpreter.
    let recorded: &[(&str, u64, u64)] = &[
        ("tic-tac-toe", 0x72cc6f447780cc9b, 1535),
        ("connect-four", 0xde986b7e37d20151, 4171),
        ("breakthrough", 0xc5ce6a20528b4c36, 12527),
        ("hex-tic-tac-toe", 0x3a1c2d980ffa5ffc, 2081),
        ("gobblet-gobblers", 0x896b122fadde8ace, 2542),
        ("stacked-no-obstacles", 0xec4c2c7dca8ffa47, 7312),
    ];
    for &(name, hash, turns) in recorded {
        let (ruleset, program) = vocab(name);
        let (core, _) = lower_compiled(&ruleset, &program).expect("lowers");
        let found = common::fingerprint::fingerprint(&CoreGame::new(core), 200);
        assert_eq!(
            found,
            (hash, turns),
            "{name}: the lowered game plays otherwise"
        );
    }
}

/// The fixture `tests/fixtures/vocab-lowered/NAME.toml` on the vocabulary's
/// interpreter, and lowered with `change` made to every macro, compiled.
fn fixture_mutated(name: &str, change: impl Fn(&mut String)) -> (VocabGame, CoreGame) {
    let file = format!("tests/fixtures/vocab-lowered/{name}.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let (ruleset, program) = parse_vocab_resolved(&text, &file, None).unwrap();
    let mut core = lower(&ruleset, &program).expect("lowers");
    core.macros.values_mut().for_each(change);
    let text = toml::to_string(&core).unwrap();
    let (_, compiled) = relic::lang::parse_core_resolved(&text, &file, None).unwrap();
    (VocabGame::new(program), CoreGame::new(compiled))
}

/// `name` lowered, changed by `change`, compiled.
fn mutated(name: &str, change: impl Fn(&mut relic::lang::CoreRuleset)) -> CoreGame {
    let (ruleset, program) = vocab(name);
    let mut core = lower(&ruleset, &program).expect("lowers");
    change(&mut core);
    let text = toml::to_string(&core).unwrap();
    let (_, compiled) = relic::lang::parse_core_resolved(&text, name, None).expect("compiles");
    CoreGame::new(compiled)
}

#[test]
fn a_wrong_lowering_is_caught() {
    use relic::lang::schema::NoMove;
    // A full board without a line lost instead of drawn.
    let lost = mutated("tic-tac-toe", |core| core.no_move = NoMove::Lose);
    // Captures listed before advances.
    let reordered = mutated("breakthrough", |core| {
        let actions = core.macros.get_mut("actions").unwrap();
        let inner = &actions[1..actions.len() - 1];
        let (first, rest) = inner.split_once(" | any").unwrap();
        *actions = format!("(any{rest} | {first})");
    });
    // Four in a line needs five.
    let longer = mutated("connect-four", |core| {
        let line = core.macros.get_mut("line").unwrap();
        *line = line.replace("{3}", "{4}");
    });
    // A large piece may not cover a medium one.
    let weaker = mutated("gobblet-gobblers", |core| {
        let cover =
            |text: &mut String| *text = text.replace("{empty, small, medium}", "{empty, small}");
        cover(&mut core.rules);
        core.macros.values_mut().for_each(cover);
    });
    // An opponent's line uncovered by a move goes unseen.
    let unseen = mutated("gobblet-gobblers", |core| {
        let enemy = core.macros.get_mut("enemy_line_anywhere").unwrap();
        *enemy = "{$ 0 > 0}".into();
    });
    // A reserve stack's large piece never leaves it (the stack keeps
    // offering it).
    let kept = mutated("stacked-no-obstacles", |core| {
        let keep = |text: &mut String| *text = text.replace("[$ stack2_large = 0]", "");
        keep(&mut core.rules);
        core.macros.values_mut().for_each(keep);
    });
    // A paintbrush's grey pieces that never turn back; grey pieces that
    // count in their owners' lines.
    let forever = mutated("stacked-tic-tac-toe", |core| {
        core.macros.insert("expire".into(), "{$ 0 == 0}".into());
    });
    let counted = mutated("stacked-tic-tac-toe", |core| {
        let own = "{own largest, own large, own small, own smallest}";
        let line = core.macros.get_mut("line_anywhere").unwrap();
        *line = line.replace(own, "{own}");
    });
    // A transporter that never runs out; shifters turning the wrong way.
    let spend = "[$ uses_transporter = uses_transporter - 1] mark(\"transporter@\")";
    let endless = fixture_mutated("transporters", |text| {
        *text = text.replace(spend, "mark(\"transporter@\")");
    });
    let backwards = fixture_mutated("shifters", |text| {
        *text = (text.replace("\":cw\"", "\":tmp\""))
            .replace("\":ccw\"", "\":cw\"")
            .replace("\":tmp\"", "\":ccw\"");
    });
    // Bombs that leave the blasted square's own pieces where they are.
    let spared = fixture_mutated("bombs", |text| {
        if let Some(at) = text.find(")*! scan(") {
            let start = text[..at]
                .rfind(") ((")
                .expect("the ring flagged before the center's loop")
                + 2;
            text.replace_range(start..at + 4, "");
        }
    });
    for (name, (v, core)) in [
        ("transporters", endless),
        ("shifters", backwards),
        ("bombs", spared),
    ] {
        let caught = same_perft(&v, &core, DEPTH).and_then(|()| same_games(&v, &core, GAMES));
        assert!(caught.is_err(), "{name}: a changed lowering went unnoticed");
    }
    for (name, core) in [
        ("stacked-no-obstacles", kept),
        ("stacked-tic-tac-toe", forever),
        ("stacked-tic-tac-toe", counted),
        ("tic-tac-toe", lost),
        ("breakthrough", reordered),
        ("connect-four", longer),
        ("gobblet-gobblers", weaker),
    ] {
        let (_, program) = vocab(name);
        let v = VocabGame::new(program);
        let caught = same_perft(&v, &core, DEPTH).and_then(|()| same_games(&v, &core, GAMES));
        assert!(caught.is_err(), "{name}: a changed lowering went unnoticed");
    }
    // Rarer: caught by the recorded fingerprint's 200 games.
    let found = common::fingerprint::fingerprint(&unseen, 200);
    assert_ne!(
        found,
        (0x896b122fadde8ace, 2542),
        "gobblet-gobblers unseen lines"
    );
}

/// The published counts of `tests/fixtures/vocab-counts.toml` on the
/// lowered core games, at the depths a debug build runs in seconds (the
/// counts up to `BUDGET`; `tests/vocab_perft.rs` checks them all on the
/// vocabulary's interpreter, which the side-by-side test ties to the core).
#[test]
fn the_lowered_games_reproduce_the_published_counts() {
    const BUDGET: u64 = 60_000;
    let mut checked = 0;
    for count in common::fingerprint::vocab_counts().count {
        let (ruleset, program) = vocab(&count.ruleset);
        let (core, _) = lower_compiled(&ruleset, &program).expect("lowers");
        let game = CoreGame::new(core);
        let within = count.counts.iter().take_while(|&&c| c <= BUDGET).count();
        let found: Vec<u64> = match count.measure.as_str() {
            "paths" => (perft(&game, within as u32, false).iter())
                .map(|row| row.leaves as u64)
                .collect(),
            "positions" => (perft(&game, within as u32, true).iter())
                .map(|row| row.distinct.expect("asked for"))
                .collect(),
            _ => continue,
        };
        assert_eq!(found, count.counts[..within], "{}", count.ruleset);
        checked += within;
    }
    assert!(checked >= 10, "only {checked} counts checked");
}

/// Rulesets written for this test, each using mechanics the shipped ones
/// do not (jumps, moves anywhere, longer steps, a pass when stuck, three
/// players, several kinds placed, drops on a hex board, a phase only
/// passing ends, counters that draw or lose): they lower and play the same.
#[test]
fn rulesets_with_other_mechanics_play_the_same_game_on_the_core() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vocab-lowered");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.display().to_string();
        let (ruleset, program) = parse_vocab_resolved(&text, &name, None).expect("valid");
        let (core, _) =
            lower_compiled(&ruleset, &program).unwrap_or_else(|why| panic!("{name}: {why}"));
        let (v, c) = (VocabGame::new(program), CoreGame::new(core));
        let compared = same_perft(&v, &c, DEPTH).and_then(|()| same_games(&v, &c, GAMES));
        if let Err(why) = compared {
            panic!("{name}: {why}");
        }
    }
}

/// A refused use of an effect costs the same on both interpreters: the
/// use (`forfeit:transporter`) while one is left, then the plain turn.
#[test]
fn a_refused_transport_costs_a_use_on_both_interpreters() {
    let file = "tests/fixtures/vocab-lowered/transporters.toml";
    let text = std::fs::read_to_string(file).unwrap();
    let (ruleset, program) = parse_vocab_resolved(&text, file, None).unwrap();
    let (core, _) = lower_compiled(&ruleset, &program).expect("lowers");
    let (mut v, mut c) = (VocabGame::new(program), CoreGame::new(core));
    for expected in ["forfeit:transporter", "forfeit:transporter", "forfeit"] {
        // Blue tries a transporter on an empty square; Green forfeits.
        let (va, ca) = (
            v.parse_action("transporter@a1:1").unwrap(),
            c.parse_action("transporter@a1:1").unwrap(),
        );
        assert!(v.apply(&va).is_err() && c.apply(&ca).is_err());
        let (vp, cp) = (v.penalty(&va).unwrap(), c.penalty(&ca).unwrap());
        assert_eq!(v.write_action(&vp), expected);
        assert_eq!(c.write_action(&cp), expected);
        v.apply(&vp).unwrap();
        c.apply(&cp).unwrap();
        let (vf, cf) = (
            v.parse_action("forfeit").unwrap(),
            c.parse_action("forfeit").unwrap(),
        );
        v.apply(&vf).unwrap();
        c.apply(&cf).unwrap();
        assert_eq!(listed(&v), listed(&c));
    }
}

/// Plays `actions` on both games side by side; the first step where the
/// legal actions, their order or the status differ, if any.
fn scripted(vocab: &VocabGame, core: &CoreGame, actions: &[&str]) -> Result<(), String> {
    let (mut v, mut c) = (vocab.clone(), core.clone());
    for (i, &action) in actions.iter().enumerate() {
        let (lv, lc) = (listed(&v), listed(&c));
        if lv != lc || v.status() != c.status() {
            return Err(format!(
                "before {action} (step {i}):\n vocab {lv:?}\n core  {lc:?}"
            ));
        }
        let (av, ac) = (v.parse_action(action), c.parse_action(action));
        let (Ok(av), Ok(ac)) = (av, ac) else {
            return Err(format!("{action} does not read on both"));
        };
        v.apply(&av)
            .map_err(|e| format!("vocab refuses {action}: {e:?}"))?;
        c.apply(&ac)
            .map_err(|e| format!("core refuses {action}: {e:?}"))?;
    }
    match listed(&v) == listed(&c) && v.status() == c.status() {
        true => Ok(()),
        false => Err("after the last action".into()),
    }
}

/// A grey piece blasted back to its reserve stack keeps its paint there:
/// placed again before the paint is over, it is still nobody's (its owner
/// cannot move it). Caught only by a game that does just that, and so
/// played out here, on both interpreters and on a lowering that forgets.
#[test]
fn a_grey_piece_keeps_its_paint_in_the_reserve() {
    // Blue's largest on b2 and, from stack 2, on a1; Green greys a1;
    // Blue's bomb on b2 sends a1's grey piece back to stack 2; Blue places
    // it on d1 while the paint lasts.
    let game = [
        "1@b2",
        "1@d4",
        "2@a1",
        "paintbrush@a1",
        "bomb@b2",
        "2@d3",
        "2@d1",
        "3@d2",
    ];
    let (v, c) = fixture_mutated("paint", |_| {});
    scripted(&v, &c, &game).unwrap();
    let (v, bleached) = fixture_mutated("paint", |text| {
        for paint in 2..=9 {
            for owner in ["Blue", "Green"] {
                let grey = format!("_{owner} = {paint}]");
                *text = text.replace(&grey, &format!("_{owner} = 1]"));
            }
        }
    });
    assert!(scripted(&v, &bleached, &game).is_err());
}
