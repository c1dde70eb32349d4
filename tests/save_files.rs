//! Saved games: round trips (scripted and random play), every way a file
//! can be corrupt, truncated, tampered with or mismatched (rendered
//! diagnostics snapshotted), and `relic play --save/--load`.

use crate::common;

use std::path::PathBuf;

use common::maze_record;
use proptest::prelude::*;
use relic::board::{Board, parse_board};
use relic::diagnostics::FileReport;
use relic::engine::Game;
use relic::rules::Rules;
use relic::save::{GameRecord, SaveError, read_record_file};
use relic::text::TextSession;

const LEARNER: &str = include_str!("../boards/learner-5x5.gbf");
const CLASSIC: &str = include_str!("../boards/classic-7x7.gbf");

fn board(gbf: &str) -> Board {
    parse_board(gbf, &Rules::standard().limits()).unwrap()
}

/// Plays `moves` in text mode and returns the record and the game reached.
fn scripted(gbf: &str, moves: &str) -> (GameRecord, Game) {
    let rules = Rules::standard();
    let board = board(gbf);
    let mut session = TextSession::new(Game::new(rules.clone(), &board).unwrap(), Vec::new());
    session.start().unwrap();
    for token in moves.split_whitespace() {
        if session.handle_token(Some(token)).unwrap().is_some() {
            break;
        }
    }
    let saved = maze_record::record(&rules, &board, session.history());
    (saved, session.game().clone())
}

fn render(source: &str, problems: Vec<SaveError>) -> String {
    let report = FileReport {
        path: "game.ron".into(),
        source: source.to_owned(),
        problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
    };
    report.render(80)
}

/// A small saved game, its fields in an order of our own (the ruleset last,
/// so that line numbers in the snapshots do not depend on the standard
/// ruleset's length): loading does not care about field order.
fn base() -> String {
    let (saved, _) = scripted(LEARNER, "r n2 done l e4 done");
    assert_eq!(saved.actions().len(), 6);
    let actions: Vec<String> = saved.actions().iter().map(|a| format!("\"{a}\"")).collect();
    let ruleset = saved.rules().resolved_toml();
    format!(
        "(\n    version: 1,\n    actions: [{}],\n    board: \"{}\",\n    ruleset: r#\"{ruleset}\"#,\n)\n",
        actions.join(", "),
        saved.setup_text()
    )
}

#[test]
fn scripted_games_round_trip() {
    let won = "3 3\n1\n1111r1\n1111xx 1111xx 1111b1\n1111y1 1111xx 1111xx\n1111xx 1111g1 1111xx\n";
    for (gbf, moves) in [
        (LEARNER, ""),
        (LEARNER, "r n2 x s n3 done l e4 w 1,1 done"),
        (CLASSIC, "r r n2 s e done s4 done w6 1,1 done"),
        (won, "e2 s done n2 done e2 done n2 done w2 1,1"),
        (LEARNER, "r n2 done quit"),
    ] {
        let (saved, game) = scripted(gbf, moves);
        let (loaded, replayed) = maze_record::read(&saved.to_ron()).expect("it loads");
        assert_eq!(loaded.to_ron(), saved.to_ron(), "{moves}");
        assert_eq!(replayed, game, "{moves}");
    }
    let (_, game) = scripted(won, "e2 s done n2 done e2 done n2 done w2 1,1");
    assert_eq!(game.winner(), Some(0));
    // A resignation ends the game and is recorded: the record replays to
    // the resigned game, not to one still in play.
    let (quit, _) = scripted(LEARNER, "r n2 done quit");
    assert_ne!(quit.to_ron(), scripted(LEARNER, "r n2 done").0.to_ron());
    let (_, replayed) = maze_record::read(&quit.to_ron()).unwrap();
    assert!(matches!(
        relic::contract::Game::status(&replayed),
        relic::contract::Status::Over(relic::contract::Outcome::Quit(_))
    ));
}

#[test]
fn the_file_reads_well() {
    let (saved, _) = scripted(LEARNER, "r n2 done l e4 done");
    let text = saved.to_ron();
    // base() is a version 1 file: those still read.
    assert_eq!(maze_record::read(&base()).unwrap().0.to_ron(), text);
    // The ruleset is the standard one, as TOML; its text is not ours to pin.
    let start = text.find("ruleset: r#\"").unwrap() + "ruleset: r#\"".len();
    let end = text.find("\"#,").unwrap();
    insta::assert_snapshot!(format!("{}...{}", &text[..start], &text[end..]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_play_round_trips(choices in prop::collection::vec(any::<prop::sample::Index>(), 0..150)) {
        let rules = Rules::standard();
        let board = board(CLASSIC);
        let mut game = Game::new(rules.clone(), &board).unwrap();
        let mut actions = Vec::new();
        for choice in choices {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = *choice.get(&legal);
            game.apply(action).unwrap();
            actions.push(action);
        }
        let saved = maze_record::record(&rules, &board, &actions);
        let (loaded, replayed) = maze_record::read(&saved.to_ron()).unwrap();
        prop_assert_eq!(loaded.to_ron(), saved.to_ron());
        prop_assert_eq!(replayed, game);
    }
}

#[test]
fn every_truncation_is_an_error_not_a_panic() {
    let text = base();
    let end = text.rfind(')').unwrap();
    for cut in (0..end).filter(|&c| text.is_char_boundary(c)) {
        assert!(maze_record::read(&text[..cut]).is_err(), "cut at {cut}");
    }
    assert!(maze_record::read(&text[..=end]).is_ok());
}

/// The corrupt files: a name and how the good file is spoiled.
fn corruptions() -> Vec<(&'static str, String)> {
    let good = base();
    vec![
        ("empty", String::new()),
        ("not_ron", "hello, world".into()),
        ("truncated", good[..good.find("\"e4\"").unwrap()].into()),
        ("wrong_version", good.replace("version: 1,", "version: 4,")),
        (
            "version_as_text",
            good.replace("version: 1,", "version: \"one\","),
        ),
        ("unknown_field", good.replace("actions:", "moves:")),
        (
            "missing_field",
            "(version: 1, actions: [], board: \"\")".into(),
        ),
        ("ruleset_not_text", {
            let start = good.find("ruleset: r#\"").unwrap();
            let end = good.rfind("\"#,").unwrap() + 3;
            format!("{}ruleset: 42,{}", &good[..start], &good[end..])
        }),
        (
            "not_an_action",
            good.replace("\"l\"", "\"jump\"")
                .replace("[\"r\",", "[\"R\","),
        ),
        ("illegal_action", good.replace("\"e4\"", "\"e3\"")),
        ("quit_recorded", good.replace("\"l\"", "\"quit\"")),
        ("action_not_text", good.replace("\"l\"", "7")),
    ]
}

/// The good file with its board written with escapes (`\n`) and spoiled.
fn escaped_board(good: &str) -> String {
    let start = good.find("board: \"").unwrap() + "board: ".len();
    let end = good[start + 1..].find('"').unwrap() + start + 2;
    let board = &good[start + 1..end - 1];
    let spoiled = board.replace("y1", "g1").replace('\n', "\\n");
    format!("{}\"{spoiled}\"{}", &good[..start], &good[end..])
}

/// Problems in the embedded ruleset or board keep the reader's own code in
/// their message and point into the embedded text (the whole string when it
/// is escaped). Their wording belongs to those readers, so it is not
/// snapshotted here.
#[test]
fn problems_in_the_embedded_ruleset_and_board_point_into_the_file() {
    let good = base();
    let board_at = good.find("board: \"").unwrap() + "board: ".len();
    let ruleset_at = good.find("ruleset: r#\"").unwrap();
    let end = good.len();
    let cases = [
        (
            "save::ruleset",
            "[rules::",
            good.replace("rotate = true", "rotate = \"maybe\""),
            ruleset_at..end,
        ),
        (
            "save::board",
            "[gbf::",
            good.replace("0101y1", "0101g1"),
            board_at..ruleset_at,
        ),
        (
            "save::board",
            "[gbf::",
            good.replace("max_width = 9", "max_width = 3"),
            board_at..ruleset_at,
        ),
        (
            "save::board",
            "[gbf::",
            escaped_board(&good),
            board_at..board_at + 1,
        ),
    ];
    for (code, inner, text, within) in cases {
        let problems = maze_record::read(&text).expect_err("the spoiled file fails");
        let report = FileReport {
            path: "game.ron".into(),
            source: text.clone(),
            problems: problems.into_iter().map(|p| Box::new(p) as _).collect(),
        };
        let mut diagnostics = report.json_diagnostics();
        // The note that what depends on the broken part was not checked.
        let note = diagnostics.pop().expect("a note");
        assert_eq!(note.code, "save::unchecked", "{}", note.message);
        for diagnostic in diagnostics {
            assert_eq!(diagnostic.code, code, "{}", diagnostic.message);
            assert!(diagnostic.message.contains(inner), "{}", diagnostic.message);
            let offset = diagnostic.offset.expect("a label");
            assert!(
                within.contains(&offset),
                "{code}: label at {offset}, not in {within:?}"
            );
        }
    }
}

#[test]
fn every_corrupt_file_gets_a_diagnostic() {
    for (name, text) in corruptions() {
        let problems = match maze_record::read(&text) {
            Ok(_) => panic!("{name}: the corrupt file loaded"),
            Err(problems) => problems,
        };
        assert!(!problems.is_empty(), "{name}");
        insta::assert_snapshot!(name, render(&text, problems));
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-save-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn unreadable_files_are_reported() {
    let dir = temp_dir("unreadable");
    let missing = read_record_file(&dir.join("missing.ron")).err().unwrap();
    assert!(missing.render(80).contains("save::unreadable"));
    let directory = read_record_file(&dir).err().unwrap();
    assert!(
        directory.json_diagnostics()[0]
            .message
            .ends_with("is a directory")
    );
    let binary = dir.join("binary.ron");
    std::fs::write(&binary, b"(version: 1, \xff\xfe)").unwrap();
    let report = read_record_file(&binary).err().unwrap();
    let shown = report
        .render(80)
        .replace(&binary.display().to_string(), "binary.ron");
    insta::assert_snapshot!("not_utf8", shown);
    std::fs::remove_dir_all(dir).unwrap();
}

fn relic(args: &[&str], input: &str) -> std::process::Output {
    common::run_relic(args, input.as_bytes())
}

#[test]
fn save_then_load_resumes_the_same_game() {
    let dir = temp_dir("resume");
    let (first, straight) = (dir.join("first.ron"), dir.join("straight.ron"));
    let (first, straight) = (first.to_str().unwrap(), straight.to_str().unwrap());
    let part_one = "r n2 done l e4 done";
    let part_two = "s2 done n4 done";
    // Input ends (no quit): the game is saved all the same.
    let out = relic(
        &["play", "boards/learner-5x5.gbf", "--save", first],
        part_one,
    );
    assert!(out.status.success());
    let resumed = relic(
        &["play", "--load", first, "--save", first],
        &format!("{part_two} quit"),
    );
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    let both = format!("{part_one} {part_two} quit");
    assert!(
        relic(
            &["play", "boards/learner-5x5.gbf", "--save", straight],
            &both
        )
        .status
        .success()
    );
    assert_eq!(
        std::fs::read_to_string(first).unwrap(),
        std::fs::read_to_string(straight).unwrap()
    );
    // The resumed session starts with the banner and the saved position.
    let (_, game) = scripted(LEARNER, part_one);
    let text = String::from_utf8(resumed.stdout).unwrap();
    let expected = relic::games::moving_maze::text::banner(&game)
        + &relic::games::moving_maze::text::board(&game)
        + "[Red] Rotate";
    assert!(text.starts_with(&expected), "{text}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn loading_a_won_game_shows_the_winner() {
    let dir = temp_dir("won");
    let path = dir.join("won.ron");
    let gbf = "3 3\n1\n1111r1\n1111xx 1111xx 1111b1\n1111y1 1111xx 1111xx\n1111xx 1111g1 1111xx\n";
    let (saved, _) = scripted(gbf, "e2 s done n2 done e2 done n2 done w2 1,1");
    std::fs::write(&path, saved.to_ron()).unwrap();
    let out = relic(&["play", "--load", path.to_str().unwrap()], "r");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.ends_with(
        "\nGreen has won.\nRelics collected /1:\n- Green  1\n- Yellow 0\n- Red    0\n- Blue   0\n"
    ));
    assert!(!text.contains("> "), "no prompt after the win");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn load_errors_go_to_stderr_and_fail() {
    let dir = temp_dir("errors");
    let path = dir.join("bad.ron");
    std::fs::write(&path, base().replace("\"e4\"", "\"e3\"")).unwrap();
    let path = path.to_str().unwrap();
    let out = relic(&["play", "--load", path], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("save::illegal_action")
    );
    let out = relic(&["play", "boards/learner-5x5.gbf", "--load", path], "");
    assert_eq!(out.status.code(), Some(2));
    let out = relic(&["play", "--save", "/nonexistent-dir/x.ron"], "quit");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        out.stdout.is_empty(),
        "no game starts when it cannot be saved"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 16 item 4: a record whose action list holds an unterminated tuple
/// of 10,000 items took minutes to report (every prefix was parsed again);
/// it is now read in linear time and named as a truncated file.
#[test]
fn a_record_of_ten_thousand_unterminated_items_is_reported_as_truncated() {
    let path = "tests/fixtures/records/unterminated-tuple-10k.ron";
    let source = std::fs::read_to_string(path).unwrap();
    let problems = maze_record::read(&source).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert!(
        matches!(problems[0], SaveError::Truncated { after: 0, .. }),
        "{problems:?}"
    );
}

/// Issue 16 item 7: a record carries its resolved ruleset; one that says
/// `extends` is refused before any file is opened.
#[test]
fn a_record_whose_ruleset_extends_another_is_refused() {
    let good = base();
    let spoiled = good.replacen(
        "ruleset: r#\"",
        "ruleset: r#\"extends = \"/etc/passwd\"\n",
        1,
    );
    let problems = maze_record::read(&spoiled).unwrap_err();
    insta::assert_snapshot!(render(&spoiled, problems));
}

/// Version 3 names the game; a name that is not the ruleset's is refused.
#[test]
fn a_record_of_another_game_is_refused() {
    let (saved, _) = scripted(LEARNER, "n2 done");
    let text = saved.to_ron();
    assert!(text.contains("    game: \"moving-maze\",\n"), "{text}");
    let spoiled = text.replacen("game: \"moving-maze\"", "game: \"chess\"", 1);
    let problems = maze_record::read(&spoiled).unwrap_err();
    insta::assert_snapshot!(render(&spoiled, problems));
}

/// Issue 16 item 4: a file of many bad actions reports the first few and
/// counts the rest.
#[test]
fn a_flood_of_bad_actions_is_capped() {
    let good = base();
    let bad: String = (0..5000).map(|_| "\"jump\", ").collect();
    let spoiled = good.replacen("actions: [", &format!("actions: [{bad}"), 1);
    let problems = maze_record::read(&spoiled).unwrap_err();
    assert_eq!(problems.len(), relic::save::MAX_PROBLEMS + 1);
    let last = problems.last().unwrap().to_string();
    assert_eq!(last, "4980 more problems are not shown");
}

/// Every problem at once: a record whose board and actions both have
/// errors names both, and says that the actions were not replayed.
#[test]
fn a_broken_board_and_bad_actions_are_reported_together() {
    let spoiled = base()
        .replace("0101y1", "0101g1")
        .replace("\"l\"", "\"jump\"");
    let problems = maze_record::read(&spoiled).unwrap_err();
    let codes: Vec<String> = problems
        .iter()
        .map(|p| miette::Diagnostic::code(p).unwrap().to_string())
        .collect();
    assert_eq!(codes.first().map(String::as_str), Some("save::board"));
    assert!(codes.contains(&"save::action".to_owned()), "{codes:?}");
    assert_eq!(codes.last().map(String::as_str), Some("save::unchecked"));
    insta::assert_snapshot!(render(&spoiled, problems));
}

/// An action of the notation that its phase does not read is refused with
/// the engine's reason, not text mode's `Invalid input.`
#[test]
fn an_action_its_phase_does_not_read_gets_the_engines_reason() {
    let spoiled = base().replacen("\"n2\"", "\"done\"", 1);
    let problems = maze_record::read(&spoiled).unwrap_err();
    assert!(
        matches!(&problems[..], [SaveError::Illegal { number: 2, reason, .. }] if reason == "Slide the floating tile first."),
        "{problems:?}"
    );
    insta::assert_snapshot!(render(&spoiled, problems));
}
