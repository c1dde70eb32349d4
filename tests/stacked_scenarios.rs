//! Stacked Tic-Tac-Toe beyond the course's samples: scenario snapshots for
//! the readings the samples leave open (documented in
//! `rulesets/README.md`), malformed instruction files, arbitrary bytes,
//! and the invariant harness. Fixtures: `tests/fixtures/stacked-tictactoe/`.

use crate::common;

use std::sync::Arc;

use proptest::prelude::*;
use relic::contract::{Game, Outcome, Status};
use relic::games::stacked_tictactoe::{play_instructions, split_lines};
use relic::harness::{Config, check};
use relic::vocab::{Program, VocabGame, builtin_vocab};

fn program() -> Arc<Program> {
    builtin_vocab("stacked-tic-tac-toe")
        .expect("built in")
        .expect("valid")
}

fn play(input: &[u8]) -> (String, VocabGame) {
    let mut out = Vec::new();
    let game = play_instructions(program(), input, &mut out).expect("writes to memory");
    (String::from_utf8(out).expect("UTF-8 output"), game)
}

#[test]
fn scenario_snapshots() {
    for path in common::fixture_files("tests/fixtures/stacked-tictactoe", "in") {
        let input = std::fs::read(&path).expect("fixture reads");
        let (text, _) = play(&input);
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        insta::assert_snapshot!(format!("stacked-{name}"), text);
    }
}

/// The command line prints what the library prints for every scenario,
/// whether the instructions come from the file or from stdin.
#[test]
fn the_command_line_plays_each_scenario_alike_from_a_file_and_from_stdin() {
    for path in common::fixture_files("tests/fixtures/stacked-tictactoe", "in") {
        let input = std::fs::read(&path).expect("fixture reads");
        let (text, _) = play(&input);
        let file = path.to_str().expect("a UTF-8 path");
        let by_file = common::run_relic(["play", "--ruleset", "stacked-tic-tac-toe", file], b"");
        let by_stdin = common::run_relic(["play", "--ruleset", "stacked-tic-tac-toe"], &input);
        for (how, out) in [("file", by_file), ("stdin", by_stdin)] {
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{file} by {how}: {stderr}");
            assert!(stderr.is_empty(), "{file} by {how}: {stderr}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                text,
                "{file} by {how}"
            );
        }
    }
}

/// The lines of `text` that say `Invalid move`.
fn invalid_count(text: &str) -> usize {
    text.lines().filter(|l| *l == "Invalid move").count()
}

#[test]
fn malformed_lines_are_invalid_moves_that_lose_the_turn() {
    let cases: [&[u8]; 10] = [
        b"\n",
        b"1 1",
        b"1 x 1",
        b"1 1 99999999999999999999",
        b"4 1 1 1",
        b"5 X 1 1",
        b"5 B 1 1 1",
        b"\xff 1 1",
        b"2 0 1",
        b"7 1 1",
    ];
    for case in cases {
        let mut input = case.to_vec();
        if !input.ends_with(b"\n") {
            input.push(b'\n');
        }
        // Then Green places: the malformed line was Blue's lost turn.
        input.extend_from_slice(b"1 1 1");
        let (text, game) = play(&input);
        assert_eq!(
            invalid_count(&text),
            1,
            "{:?}: {text}",
            String::from_utf8_lossy(case)
        );
        assert!(text.contains("r1 G1|__|__|__|"), "{text}");
        assert_eq!(game.turn(), 2);
    }
}

#[test]
fn a_final_line_break_is_not_a_line_and_crlf_is_read() {
    let (text, game) = play(b"1 1 1\r\n1 2 2\n");
    assert_eq!(invalid_count(&text), 0, "{text}");
    assert_eq!(game.turn(), 2);
}

#[test]
fn a_ten_megabyte_line_is_one_invalid_move() {
    let mut input = vec![b'1'; 10 << 20];
    input.extend_from_slice(b"\n1 1 1");
    let (text, game) = play(&input);
    assert_eq!(invalid_count(&text), 1);
    assert_eq!(game.turn(), 2);
}

#[test]
fn a_lone_carriage_return_ends_a_line_as_in_the_course_s_java_reader() {
    // `Scanner.nextLine` ends a line at `\n`, `\r\n` or `\r`.
    let (text, game) = play(b"1 1 1\r1 2 2\r\n1 3 3\r");
    assert_eq!(invalid_count(&text), 0, "{text}");
    assert_eq!(game.turn(), 3);
    assert!(text.contains("r3 __|__|B2|__|"), "{text}");
}

#[test]
fn malformed_files_read_alike_from_a_file_and_from_stdin() {
    // A blank line, bytes that are not UTF-8, a 10 MB line, a line of
    // white space, a bad number, the wrong arity: six lost turns, then
    // Green's (even) line is read as Green's.
    let mut input = b"\n\xff\xfe 1 1\n".to_vec();
    input.extend(std::iter::repeat_n(b'7', 10 << 20));
    input.extend_from_slice(b"\n \t \n1 1 x\n4 1 1 1\n1 1 1\n1 4 4");
    let (text, game) = play(&input);
    assert_eq!(invalid_count(&text), 6, "{text}");
    assert_eq!(game.turn(), 8);
    assert!(text.contains("r1 B1|__|__|__|\n"), "{text}");
    assert!(text.contains("r4 __|__|__|G1|\n"), "{text}");
    let dir = std::env::temp_dir().join(format!("relic-stacked-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("bad.in");
    std::fs::write(&path, &input).expect("writes");
    let file = path.to_str().expect("a UTF-8 path");
    let by_file = common::run_relic(["play", "--ruleset", "stacked-tic-tac-toe", file], b"");
    let by_stdin = common::run_relic(["play", "--ruleset", "stacked-tic-tac-toe"], &input);
    for (how, out) in [("file", by_file), ("stdin", by_stdin)] {
        assert!(out.status.success(), "by {how}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), text, "by {how}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn verify_reports_malformed_instruction_files_clearly() {
    let dir = std::env::temp_dir().join(format!("relic-stacked-verify-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let verify = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("writes");
        let file = path.to_str().expect("a UTF-8 path").to_owned();
        common::run_relic(["verify", "--ruleset", "stacked-tic-tac-toe", &file], b"")
    };
    // A blank line is not an instruction: its line is named.
    let blank = verify("blank.in", b"1 1 1\n\n1 2 2");
    let report = String::from_utf8_lossy(&blank.stderr);
    assert_eq!(blank.status.code(), Some(1), "{report}");
    assert!(report.contains("verify::notation"), "{report}");
    assert!(report.contains("on line 2"), "{report}");
    // A 10 MB line: one short report, quoting the start of the line.
    let mut long = b"1 1 1\n".to_vec();
    long.extend(std::iter::repeat_n(b'7', 10 << 20));
    let long = verify("long.in", &long);
    let report = String::from_utf8_lossy(&long.stderr);
    assert_eq!(long.status.code(), Some(1));
    assert!(report.len() < 4000, "{} bytes", report.len());
    assert!(
        report.contains(&format!("(`{}…`)", "7".repeat(40))),
        "{report}"
    );
    // Bytes that are not UTF-8: a line that is not an instruction, as
    // text mode reads it (`Invalid move`), named with its line.
    let bytes = verify("bytes.in", b"1 1 1\n\xff 1 1\n1 2 2");
    let report = String::from_utf8_lossy(&bytes.stderr);
    assert_eq!(bytes.status.code(), Some(1), "{report}");
    assert!(report.contains("verify::notation"), "{report}");
    assert!(report.contains("(`? 1 1`), on line 2"), "{report}");
    for out in [blank, long, bytes] {
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn quitting_prints_quit_and_the_statistics_only() {
    let (text, game) = play(b"1 1 1\n-1\n1 2 2");
    assert!(text.contains("\nQuit\nStatistics for each stack present on the board\nB1\n"));
    assert!(!text.contains("No winner"));
    // The course calls quitting a draw (`[outcomes] quit = "draw"`).
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

#[test]
fn quitting_says_quit_draw_on_the_console_and_in_the_page() {
    use relic::contract::{BrowserView, TextView};
    let mut game = VocabGame::new(program());
    game.apply(&game.parse_action("quit").unwrap()).unwrap();
    let mut console = String::new();
    game.write_outcome(&mut console);
    assert_eq!(console, "Quit, draw!\n");
    assert_eq!(game.view(Some(0))["status"], "Quit, draw!");
    assert_eq!(game.view(None)["status"], "Quit, draw!");
    let playing = VocabGame::new(program());
    assert!(playing.view(Some(0))["status"].is_null());
}

#[test]
fn a_mode_word_is_the_front_end_not_an_instruction_file() {
    // Run where no file is named `text`: the word is the text front end
    // and the instructions come from stdin.
    let out = common::run_relic(
        ["play", "--ruleset", "stacked-tic-tac-toe", "text"],
        b"-1\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("   c1 c2 c3 c4\nr1 __|"), "{text}");
    assert!(text.contains("\nQuit\n"), "{text}");
}

#[test]
fn the_ruleset_passes_the_invariant_harness() {
    let start = VocabGame::new(program());
    let config = Config {
        seed: 12,
        games: 30,
        max_actions: 120,
    };
    let report = check(&start, &config).unwrap_or_else(|v| panic!("{v}"));
    assert!(report.applied > 1000, "{report:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_bytes_never_panic(input in proptest::collection::vec(any::<u8>(), 0..400)) {
        let (text, _) = play(&input);
        prop_assert!(text.ends_with('\n'));
        prop_assert!(text.contains("Statistics external stacks green player\n"));
    }

    #[test]
    fn a_stream_read_a_byte_at_a_time_reads_the_file_s_lines(
        input in proptest::collection::vec(
            prop_oneof![Just(b'\r'), Just(b'\n'), Just(b' '), Just(b'x'), Just(b'1')],
            0..200,
        )
    ) {
        // Every line of these is malformed or an illegal placement: each
        // is one `Invalid move`, however the bytes arrive.
        let (whole, _) = play(&input);
        let mut out = Vec::new();
        let reader = std::io::BufReader::with_capacity(1, &input[..]);
        play_instructions(program(), reader, &mut out).expect("writes to memory");
        prop_assert_eq!(String::from_utf8_lossy(&out), whole.as_str());
        let lines = split_lines(&input).count();
        let placed = whole.matches("\n   c1").count();
        prop_assert_eq!(invalid_count(&whole) + placed, lines);
    }

    #[test]
    fn verify_on_arbitrary_text_never_panics_and_its_report_renders(
        text in "[-0-9 TBSPé\t\r\n]{0,120}"
    ) {
        use relic::diagnostics::FileReport;
        use relic::games::stacked_tictactoe::verify_instructions;
        if let Err(error) = verify_instructions(program(), &text) {
            let report = FileReport {
                path: "arbitrary.in".into(),
                source: text.clone(),
                problems: vec![Box::new(error)],
            };
            prop_assert!(report.render(80).contains("arbitrary.in"));
        }
    }

    #[test]
    fn arbitrary_instruction_lines_never_panic(
        lines in proptest::collection::vec(
            (0i64..7, -2i64..7, -2i64..7, -2i64..7, -2i64..7, 0u8..5),
            0..60,
        )
    ) {
        let letters = ["T", "B", "S", "P", "Q"];
        let text: Vec<String> = lines
            .iter()
            .map(|&(code, a, b, c, d, l)| match code {
                0 => "-1".to_owned(),
                1..=3 => format!("{code} {a} {b}"),
                4 => format!("4 {a} {b} {c} {d}"),
                _ => format!("5 {} {a} {b} {c}", letters[usize::from(l)]),
            })
            .collect();
        let (out, _) = play(text.join("\n").as_bytes());
        prop_assert!(out.contains("Statistics for each stack present on the board\n"));
    }
}

fn play_variant(name: &str, input: &[u8]) -> String {
    let program = builtin_vocab(name).expect("built in").expect("valid");
    let mut out = Vec::new();
    play_instructions(program, input, &mut out).expect("writes to memory");
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn without_obstacles_every_obstacle_line_is_invalid() {
    let text = play_variant("stacked-no-obstacles", b"1 1 1\n5 P 1 1\n5 S 3 3 0");
    assert_eq!(invalid_count(&text), 2, "{text}");
    assert!(text.contains("r1 B1|__|__|__|"));
}

#[test]
fn three_by_three_needs_three_in_a_line() {
    let text = play_variant("stacked-3x3", b"1 1 1\n1 3 1\n1 1 2\n1 3 2\n1 1 3");
    assert!(text.starts_with("   c1 c2 c3\nr1 __|__|__|\n"), "{text}");
    assert!(text.contains("r1 B1|B2|B3|\n"));
    assert!(text.contains("\nBlue wins!\n"), "{text}");
}

#[test]
fn five_by_five_needs_four_in_a_line() {
    let text = play_variant(
        "stacked-5x5",
        b"1 5 2\n1 1 1\n1 5 3\n1 1 2\n1 5 4\n1 1 3\n1 5 5",
    );
    assert!(text.contains("r5 __|B1|B2|B3|B4|\n"), "{text}");
    assert!(text.contains("\nBlue wins!\n"), "{text}");
}

#[test]
fn bombs_without_wrap_stop_at_the_edges() {
    let input = b"1 1 1\n1 4 4\n5 B 1 1";
    let wrapped = play_variant("stacked-tic-tac-toe", input);
    let edged = play_variant("stacked-bombs-no-wrap", input);
    // With wrap the corner's ring holds 8 squares (G1 on r4c4 goes back to
    // Green); without it, 3 squares, all becoming sink holes.
    assert!(
        wrapped.contains("r1 __|SH|__|SH|\nr2 SH|SH|__|SH|\nr3 __|__|__|__|\nr4 SH|SH|__|__|\n"),
        "{wrapped}"
    );
    assert!(
        edged.contains("r1 __|SH|__|__|\nr2 SH|SH|__|__|\nr3 __|__|__|__|\nr4 __|__|__|G1|\n"),
        "{edged}"
    );
}

/// Every variant in `rulesets/stacked/`, by the built-in name its tests
/// above use: a variant added without a test (and a line here) fails.
const VARIANTS: [(&str, &str); 4] = [
    ("bombs-no-wrap", "stacked-bombs-no-wrap"),
    ("five-by-five", "stacked-5x5"),
    ("no-obstacles", "stacked-no-obstacles"),
    ("three-by-three", "stacked-3x3"),
];

#[test]
fn every_stacked_variant_is_tested_and_loads_from_its_file_as_built_in() {
    let files = common::fixture_files("rulesets/stacked", "toml");
    let stems: Vec<String> = (files.iter())
        .map(|f| {
            f.file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let listed: Vec<&str> = VARIANTS.iter().map(|v| v.0).collect();
    assert_eq!(
        stems, listed,
        "each variant needs a test and a line in VARIANTS"
    );
    for (file, (_, name)) in files.iter().zip(VARIANTS) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let from_file = relic::vocab::load_vocab(&path).expect("the variant loads");
        let built_in = builtin_vocab(name).expect("built in").expect("valid");
        assert_eq!(from_file, built_in, "{}", file.display());
        let config = Config {
            seed: 5,
            games: 8,
            max_actions: 80,
        };
        let start = VocabGame::new(built_in);
        check(&start, &config).unwrap_or_else(|v| panic!("{name}: {v}"));
    }
}

#[derive(serde::Deserialize)]
struct PerftFigures {
    ruleset: String,
    leaves: Vec<u64>,
    distinct: Vec<u64>,
}

#[test]
fn perft_from_the_empty_board_matches_the_data_file() {
    let text = include_str!("fixtures/stacked-perft.toml");
    let expected: PerftFigures = toml::from_str(text).expect("stacked-perft.toml reads");
    let program = builtin_vocab(&expected.ruleset)
        .expect("built in")
        .expect("valid");
    let start = VocabGame::new(program);
    let rows = relic::perft::perft(&start, expected.leaves.len() as u32, true);
    let leaves: Vec<u64> = rows.iter().map(|r| r.leaves as u64).collect();
    let distinct: Vec<u64> = rows
        .iter()
        .map(|r| r.distinct.expect("asked for"))
        .collect();
    assert_eq!(leaves, expected.leaves);
    assert_eq!(distinct, expected.distinct);
}

#[test]
fn relic_perft_with_ruleset_prints_the_data_file_s_figures() {
    let text = include_str!("fixtures/stacked-perft.toml");
    let expected: PerftFigures = toml::from_str(text).expect("stacked-perft.toml reads");
    let depth = expected.leaves.len().to_string();
    let out = common::run_relic(
        [
            "perft",
            "--ruleset",
            expected.ruleset.as_str(),
            "--depth",
            depth.as_str(),
            "--distinct",
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut table = String::from("depth leaves distinct\n");
    for (d, (leaves, distinct)) in expected.leaves.iter().zip(&expected.distinct).enumerate() {
        table.push_str(&format!("{} {leaves} {distinct}\n", d + 1));
    }
    assert_eq!(String::from_utf8_lossy(&out.stdout), table);
}

#[test]
fn verify_accepts_an_instruction_file() {
    let dir = std::env::temp_dir().join(format!("relic-stacked-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (good, bad) = (dir.join("good.in"), dir.join("bad.in"));
    std::fs::write(&good, "1 1 1\n1 2 2\n5 S 3 3 1").expect("writes");
    std::fs::write(&bad, "1 1 1\n4 1 1 2 2\n4 2 2 1 1").expect("writes");
    let ok = common::run_relic(
        [
            "verify",
            "--ruleset",
            "stacked-tic-tac-toe",
            good.to_str().unwrap(),
        ],
        b"",
    );
    assert!(ok.status.success());
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(
        text.starts_with("   c1 c2 c3 c4\nr1 B1|__|__|__|\nr2 __|__|__|__|\nr3 __|G1|__|__|\n"),
        "{text}"
    );
    assert!(text.contains("Statistics external stacks green player\n"));
    let refused = common::run_relic(
        [
            "verify",
            "--ruleset",
            "stacked-tic-tac-toe",
            bad.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(refused.status.code(), Some(1));
    let report = String::from_utf8_lossy(&refused.stderr);
    assert!(report.contains("verify::illegal"), "{report}");
    assert!(report.contains("on line 2"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}
