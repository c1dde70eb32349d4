//! Replays: a recorded game plays back to the identical final state and
//! transcript, whatever the number of threads; damaged replays name the
//! first bad action.

use std::sync::Arc;

use relic::board::{Board, parse_board};
use relic::board::{Direction, SlideAt};
use relic::bots::{
    BotKind, Replay, ReplayError, parse_bot_specs, play_back, play_text_with_bots, seeded_rng,
};
use relic::engine::{Action, Game};
use relic::rules::Rules;

fn setup(file: &str) -> (Arc<Rules>, Board) {
    let rules = Rules::standard();
    let path = format!("{}/boards/{file}", env!("CARGO_MANIFEST_DIR"));
    let board = parse_board(&std::fs::read_to_string(path).unwrap(), &rules.limits()).unwrap();
    (rules, board)
}

/// Plays a seeded game of computers in text mode: the final game, the
/// transcript and the replay.
fn record(seed: u64, spec: &str, input: &str) -> (Game, String, Replay) {
    let (rules, board) = setup("classic-7x7.gbf");
    let kinds = parse_bot_specs(spec, &rules).unwrap();
    let seats = kinds.iter().map(|k| k.map(BotKind::strategy)).collect();
    let game = Game::new(rules.clone(), &board).unwrap();
    let mut out = Vec::new();
    let played = play_text_with_bots(
        game,
        seats,
        &mut seeded_rng(seed),
        input.as_bytes(),
        &mut out,
        80,
    )
    .unwrap();
    let mut replay = Replay::new(&rules, &board, Some(seed), &kinds);
    replay.actions = played.actions;
    (played.game, String::from_utf8(out).unwrap(), replay)
}

const ALL_BOTS: &str = "green=greedy,yellow=random,red=search:nodes=200,blue=random";

#[test]
fn a_recorded_game_replays_to_the_same_state_and_transcript() {
    let (game, transcript, replay) = record(11, ALL_BOTS, "");
    let read = Replay::from_ron(&replay.to_ron()).unwrap();
    assert_eq!(read, replay);
    assert_eq!(read.play(None).unwrap(), game);
    let mut out = Vec::new();
    play_back(&read, None, &mut out).unwrap().unwrap();
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
    assert_eq!(replay.play(None).unwrap(), alone);
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
        replay.actions[..2],
        [
            Action::Slide(SlideAt::new(Direction::East, 2)),
            Action::Done
        ]
    );
    assert_eq!(replay.play(None).unwrap(), game);
}

#[test]
fn stopping_after_n_actions_shows_that_position() {
    let (_, _, replay) = record(5, ALL_BOTS, "");
    let mut game = replay.initial_game().unwrap();
    for &action in &replay.actions[..7] {
        game.apply(action).unwrap();
    }
    assert_eq!(replay.play(Some(7)).unwrap(), game);
    let mut out = Vec::new();
    play_back(&replay, Some(7), &mut out).unwrap().unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(&format!(
        "End of replay after 7 of {} actions.",
        replay.actions.len()
    )));
}

#[test]
fn a_tampered_action_is_named() {
    let (_, _, mut replay) = record(5, ALL_BOTS, "");
    let slide_at = replay
        .actions
        .iter()
        .position(|a| matches!(a, Action::Slide(_)))
        .unwrap();
    replay.actions.insert(slide_at + 1, Action::RotateClockwise);
    let error = Replay::from_ron(&replay.to_ron())
        .unwrap()
        .play(None)
        .unwrap_err();
    assert!(
        matches!(error, ReplayError::Illegal { number, action: Action::RotateClockwise, .. } if number == slide_at + 2),
        "{error}"
    );
}

#[test]
fn a_truncated_or_garbled_replay_is_named() {
    let (_, _, replay) = record(5, ALL_BOTS, "");
    let text = replay.to_ron();
    let cut = text.len() - 40;
    let error = Replay::from_ron(&text[..cut]).unwrap_err();
    assert!(
        matches!(
            error,
            ReplayError::Truncated { .. } | ReplayError::Unreadable { .. }
        ),
        "{error}"
    );
    let garbled = text.replacen("Done,", "Dome,", 1);
    let first_done = replay
        .actions
        .iter()
        .position(|a| *a == Action::Done)
        .unwrap();
    let error = Replay::from_ron(&garbled).unwrap_err();
    assert!(
        matches!(error, ReplayError::Unreadable { number, .. } if number == first_done + 1),
        "{error}"
    );
    let rendered = render(&error);
    insta::assert_snapshot!(rendered);
}

#[test]
fn a_newer_format_is_refused() {
    let (_, _, replay) = record(5, ALL_BOTS, "");
    let text = replay.to_ron().replacen("format: 1,", "format: 99,", 1);
    assert!(matches!(
        Replay::from_ron(&text),
        Err(ReplayError::Format(99))
    ));
}

fn render(error: &ReplayError) -> String {
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(80)
        .render_report(&mut out, error)
        .unwrap();
    out
}
