//! Replays: a recorded game plays back to the identical final state and
//! transcript, whatever the number of threads; damaged replays name the
//! first bad action.

use crate::common;

use std::sync::Arc;

use common::maze_record;
use relic::board::{Board, parse_board};
use relic::board::{Direction, SlideAt};
use relic::bots::{BotChoice, seat_choices, seeded_rng};
use relic::engine::{Action, Game};
use relic::rules::Rules;
use relic::save::{GameRecord, SaveError};
use relic::text::{TextSession, play_back, play_with_agents};

fn setup(file: &str) -> (Arc<Rules>, Board) {
    let rules = Rules::standard();
    let path = format!("{}/boards/{file}", env!("CARGO_MANIFEST_DIR"));
    let board = parse_board(&std::fs::read_to_string(path).unwrap(), &rules.limits()).unwrap();
    (rules, board)
}

/// Plays a seeded game of computers in text mode, as `relic play --bots`
/// does: the final game, the transcript and the replay.
fn record(seed: u64, spec: &str, input: &str) -> (Game, String, GameRecord) {
    let (rules, board) = setup("classic-7x7.gbf");
    let game = Game::new(rules.clone(), &board).unwrap();
    let choices = seat_choices(spec, &game).unwrap();
    let mut agents: Vec<_> = choices
        .iter()
        .map(|c| c.as_ref().map(BotChoice::agent))
        .collect();
    let specs = (choices.iter())
        .map(|c| c.as_ref().map(|c| c.name.clone()))
        .collect();
    let mut out = Vec::new();
    let mut session = TextSession::new(game, &mut out);
    let mut rng = seeded_rng(seed);
    play_with_agents(
        &mut session,
        &mut agents,
        &mut rng,
        input.as_bytes(),
        80,
        |_, _| {},
    )
    .unwrap();
    let actions = session.history().to_vec();
    let game = session.into_parts().0;
    let replay = maze_record::record(&rules, &board, &actions).with_computers(seed, specs);
    (game, String::from_utf8(out).unwrap(), replay)
}

const ALL_BOTS: &str = "green=greedy,yellow=random,red=search:nodes=200,blue=random";

#[test]
fn a_recorded_game_replays_to_the_same_state_and_transcript() {
    let (game, transcript, replay) = record(11, ALL_BOTS, "");
    let (read, replayed) = maze_record::read(&replay.to_ron()).unwrap();
    assert_eq!(read.to_ron(), replay.to_ron());
    assert_eq!(read.seed(), Some(11));
    assert_eq!(read.bots()[2].as_deref(), Some("search:nodes=200"));
    assert_eq!(replayed, game);
    let mut out = Vec::new();
    let (start, actions) = (maze_record::start(&read), maze_record::actions(&read));
    assert_eq!(play_back(start, &actions, None, &mut out).unwrap(), game);
    let played_back = String::from_utf8(out).unwrap();
    let limit = "\nTurn limit reached";
    let live = transcript.split(limit).next().unwrap();
    assert!(
        played_back.starts_with(live),
        "the playback differs from the live game"
    );
}

#[test]
fn the_same_seed_gives_the_same_game_on_any_number_of_threads() {
    let (alone, _, replay) = record(23, ALL_BOTS, "");
    let results: Vec<Game> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..3)
            .map(|_| scope.spawn(|| record(23, ALL_BOTS, "").0))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for game in results {
        assert_eq!(game, alone);
    }
    assert_eq!(maze_record::replay(&replay, None), alone);
}

#[test]
fn people_and_computers_are_both_recorded() {
    let (game, transcript, replay) = record(3, "yellow=greedy,red=greedy,blue=greedy", "e2 done");
    // a person's input comes from stdin and is not echoed; a computer's is
    assert!(transcript.contains("> Inserting at e2."));
    let yellow = "[Yellow] Rotate and slide the floating tile: \n> ";
    let after = &transcript[transcript.find(yellow).unwrap() + yellow.len()..];
    let mut lines = after.lines();
    let input = lines.next().unwrap();
    let echoed = lines.next().unwrap();
    assert!(
        echoed == format!("Inserting at {input}.") || echoed.starts_with("Rotating"),
        "{input:?} then {echoed:?}"
    );
    assert_eq!(
        maze_record::actions(&replay)[..2],
        [
            Action::Slide(SlideAt::new(Direction::East, 2)),
            Action::Done
        ]
    );
    assert_eq!(replay.bots()[0], None);
    assert_eq!(maze_record::replay(&replay, None), game);
}

#[test]
fn stopping_after_n_actions_shows_that_position() {
    let (_, _, replay) = record(5, ALL_BOTS, "");
    let mut game = maze_record::start(&replay);
    let actions = maze_record::actions(&replay);
    for &action in &actions[..7] {
        game.apply(action).unwrap();
    }
    assert_eq!(maze_record::replay(&replay, Some(7)), game);
    let mut out = Vec::new();
    let start = maze_record::start(&replay);
    assert_eq!(play_back(start, &actions, Some(7), &mut out).unwrap(), game);
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(&format!(
        "End of replay after 7 of {} actions.",
        replay.actions().len()
    )));
}

/// The record of seed 5 with its actions changed by `change`, as RON.
fn tampered(change: impl FnOnce(&mut Vec<Action>)) -> (GameRecord, String) {
    let (_, _, replay) = record(5, ALL_BOTS, "");
    let mut actions = maze_record::actions(&replay);
    change(&mut actions);
    let texts = actions.iter().map(ToString::to_string).collect();
    let text = GameRecord::new(replay.rules().clone(), replay.setup_text().into(), texts)
        .with_computers(5, replay.bots().to_vec())
        .to_ron();
    (replay, text)
}

#[test]
fn a_tampered_action_is_named() {
    let mut slide_at = 0;
    let (_, text) = tampered(|actions| {
        slide_at = actions
            .iter()
            .position(|a| matches!(a, Action::Slide(_)))
            .unwrap();
        actions.insert(slide_at + 1, Action::RotateClockwise);
    });
    let problems = maze_record::read(&text).unwrap_err();
    assert!(
        matches!(&problems[..], [SaveError::Illegal { number, text, .. }] if *number == slide_at + 2 && text == "r"),
        "{problems:?}"
    );
}

#[test]
fn a_truncated_or_garbled_replay_is_named() {
    let (replay, text) = tampered(|_| {});
    let cut = text.len() - 40;
    let problems = maze_record::read(&text[..cut]).unwrap_err();
    let list = &text[text.find("actions: [").unwrap()..cut];
    let complete = list.matches("\",\n").count();
    assert!(
        matches!(&problems[..], [SaveError::Truncated { after, .. }] if *after == complete),
        "{problems:?}"
    );
    let first_done = replay.actions().iter().position(|a| a == "done").unwrap();
    let garbled = text.replacen("\"done\",", "done,", 1);
    let problems = maze_record::read(&garbled).unwrap_err();
    let rendered = render(&garbled, maze_record::read(&garbled).unwrap_err());
    assert!(
        matches!(&problems[..], [SaveError::UnreadableAction { number, .. }, SaveError::Unchecked { .. }] if *number == first_done + 1),
        "{problems:?}"
    );
    let misspelt = text.replacen("\"done\",", "\"dome\",", 1);
    let problems = maze_record::read(&misspelt).unwrap_err();
    assert!(
        matches!(&problems[..], [SaveError::Action { number, .. }] if *number == first_done + 1),
        "{problems:?}"
    );
    insta::assert_snapshot!(rendered);
}

#[test]
fn a_newer_format_is_refused() {
    let (_, text) = tampered(|_| {});
    let text = text.replacen("version: 3,", "version: 99,", 1);
    assert!(matches!(
        &maze_record::read(&text).unwrap_err()[..],
        [SaveError::Version { found, .. }] if found == "99"
    ));
}

#[test]
fn bad_computer_players_are_named() {
    let (_, text) = tampered(|_| {});
    for (from, to, message) in [
        (
            "Some(\"random\")",
            "Some(\"clever\")",
            "no strategy `clever`",
        ),
        (
            "bots: [\n        Some(\"greedy\"),",
            "bots: [",
            "3 entries for 4 seats",
        ),
        ("seed: Some(5)", "seed: Some(-5)", "`seed` is wrong"),
    ] {
        let spoiled = text.replacen(from, to, 1);
        assert_ne!(spoiled, text, "{from}");
        let problems = maze_record::read(&spoiled).unwrap_err();
        assert!(
            matches!(&problems[..], [problem @ SaveError::Bots { .. }] if problem.to_string().contains(message)),
            "{problems:?}"
        );
    }
}

fn render(source: &str, problems: Vec<SaveError>) -> String {
    let report = relic::diagnostics::FileReport {
        path: "game.ron".into(),
        source: source.into(),
        problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
    };
    report.render(80)
}
