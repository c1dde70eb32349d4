//! The generic tools' commands on Moving Maze: `relic perft` against the
//! perft data files, `relic verify` on moves files.

use crate::common;

use common::{fixture_files, run_relic};

/// Every perft data file holds the command that wrote it (`# relic perft
/// ...`) and the table it printed: the command must print it again.
#[test]
fn perft_counts_match_the_data_files() {
    let files = fixture_files("tests/fixtures/moving-maze/perft", "txt");
    assert!(!files.is_empty());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let command = text
            .lines()
            .find_map(|line| line.strip_prefix("# relic "))
            .unwrap_or_else(|| panic!("{} names no command", path.display()));
        let expected: String = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(|line| format!("{line}\n"))
            .collect();
        let output = run_relic(command.split_whitespace(), b"");
        assert!(output.status.success(), "{}", path.display());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{}",
            path.display()
        );
    }
}

/// What a command printed, as users read it.
fn transcript(args: &[&str]) -> String {
    let output = run_relic(args, b"");
    format!(
        "status: {:?}\n--- stdout\n{}--- stderr\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn perft_without_distinct_prints_leaves_only() {
    insta::assert_snapshot!(transcript(&[
        "perft",
        "moving-maze",
        "boards/learner-5x5.gbf",
        "--depth",
        "3"
    ]));
}

#[test]
fn perft_divide_splits_the_count_by_first_action() {
    let output = run_relic(["perft", "chess", "--depth", "3", "--divide"], b"");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21, "{text}");
    assert!(
        lines.contains(&"a2a3 380") && lines.contains(&"e2e4 600"),
        "{text}"
    );
    let sum: u64 = (lines[..20].iter())
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8902);
    assert_eq!(lines[20], "20 actions, 8902 leaves at depth 3");
    let both = run_relic(
        ["perft", "chess", "--depth", "2", "--divide", "--distinct"],
        b"",
    );
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn perft_refuses_a_bad_ruleset_or_setup() {
    let bad_ruleset = run_relic(["perft", "no-such-ruleset.toml", "--depth", "1"], b"");
    assert_eq!(bad_ruleset.status.code(), Some(2));
    insta::assert_snapshot!(transcript(&[
        "perft",
        "moving-maze",
        "tests/fixtures/moving-maze/perft/learner-5x5.txt",
        "--depth",
        "1"
    ]));
    let zero = run_relic(["perft", "moving-maze", "--depth", "0"], b"");
    assert_eq!(zero.status.code(), Some(2));
}

fn verify(moves: &str) -> String {
    let path = format!("tests/fixtures/moving-maze/verify/{moves}.txt");
    transcript(&["verify", "boards/learner-5x5.gbf", &path])
}

#[test]
fn verify_prints_the_final_position() {
    insta::assert_snapshot!(verify("legal"));
}

#[test]
fn verify_names_the_first_illegal_action() {
    insta::assert_snapshot!(verify("last-exit"));
}

#[test]
fn verify_names_an_action_outside_the_notation() {
    insta::assert_snapshot!(verify("not-an-action"));
}

#[test]
fn verify_refuses_a_missing_moves_file() {
    let output = run_relic(
        ["verify", "boards/learner-5x5.gbf", "no-such-moves.txt"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read the moves"));
}

/// `--core` counts on the core interpreter: the vocabulary's counts, from
/// the lowered program, and Moving Maze's, from its core form for the
/// board; rules with no core form are refused, and `relic sim --core`
/// plays the very same seeded games.
#[test]
fn perft_and_sim_run_on_the_core_with_core() {
    for name in ["gobblet-gobblers", "stacked-tic-tac-toe"] {
        let own = run_relic(["perft", name, "--depth", "2"], b"");
        let core = run_relic(["perft", "--core", name, "--depth", "2"], b"");
        assert_eq!(core.status.code(), Some(0), "{name}");
        assert_eq!(own.stdout, core.stdout, "{name}");
    }
    // Moving Maze is written in the core for its board: the engine's counts.
    let maze = [
        "moving-maze",
        "boards/learner-5x5.gbf",
        "--depth",
        "3",
        "--distinct",
    ];
    let own = run_relic(std::iter::once("perft").chain(maze), b"");
    let core = run_relic(["perft", "--core"].into_iter().chain(maze), b"");
    assert_eq!(core.status.code(), Some(0), "{core:?}");
    assert_eq!(own.stdout, core.stdout);
    // Escape is written in the core for its configuration.
    let escape = ["escape", "--depth", "3"];
    let own = run_relic(std::iter::once("perft").chain(escape), b"");
    let core = run_relic(["perft", "--core"].into_iter().chain(escape), b"");
    assert_eq!(core.status.code(), Some(0), "{core:?}");
    assert_eq!(own.stdout, core.stdout);
    let endless = "tests/fixtures/escape/valid/hex-infinite.egc";
    let refused = transcript(&["perft", "--core", "escape", endless, "--depth", "1"]);
    assert!(refused.starts_with("status: Some(2)"), "{refused}");
    assert!(refused.contains("cli::no_core_form"), "{refused}");
    let sim = |core: bool| {
        let mut args = vec!["sim", "--ruleset", "connect-four", "--games", "40"];
        args.extend(["--format", "json"]);
        if core {
            args.push("--core");
        }
        let output = run_relic(args, b"");
        assert_eq!(output.status.code(), Some(0));
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        document["runs"][0]["totals"].clone()
    };
    let (own, core) = (sim(false), sim(true));
    assert_eq!(own["games"], 40);
    assert_eq!(own["turns"].as_u64().map(|t| t > 40 * 6), Some(true));
    for figure in ["games", "draws", "turns", "turn_histogram"] {
        assert_eq!(own[figure], core[figure], "{figure}");
    }
    for seat in 0..2 {
        assert_eq!(own["seats"][seat]["wins"], core["seats"][seat]["wins"]);
    }
}
