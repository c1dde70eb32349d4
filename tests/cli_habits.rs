//! What users of good command-line tools expect: `--color` and `NO_COLOR`,
//! `-q`, shell completions and a manual page from the same definitions,
//! and one name (`human`) for the format meant for people; a ruleset file
//! given where a setup goes is taken as the ruleset, as `relic perft` does.

use std::process::{Command, Output};

const BAD_BOARD: &str = "tests/fixtures/gbf/invalid/relic-duplicate.gbf";

fn relic(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_relic"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR");
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

/// A moves file holding `text` in `dir`, by its path.
fn moves_file(dir: &tempfile::TempDir, text: &str) -> String {
    let moves = dir.path().join("moves.txt");
    std::fs::write(&moves, text).unwrap();
    moves.to_str().unwrap().to_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn color_always_colours_diagnostics_even_into_a_pipe_or_with_no_color() {
    let coloured = relic(
        &["check", "--color", "always", BAD_BOARD],
        &[("NO_COLOR", "1")],
    );
    assert_eq!(coloured.status.code(), Some(1));
    assert!(
        stderr(&coloured).contains("\u{1b}["),
        "{}",
        stderr(&coloured)
    );
    assert!(stderr(&coloured).contains("gbf::relic::duplicate"));
}

#[test]
fn color_auto_and_never_do_not_colour_a_pipe() {
    for args in [
        vec!["check", BAD_BOARD],
        vec!["--color", "never", "check", BAD_BOARD],
        vec!["check", "--color", "auto", BAD_BOARD],
    ] {
        let output = relic(&args, &[]);
        assert_eq!(output.status.code(), Some(1));
        assert!(!stderr(&output).contains('\u{1b}'), "{args:?}");
        assert!(
            stderr(&output).contains("gbf::relic::duplicate"),
            "{args:?}"
        );
    }
    let bad = relic(&["--color", "sometimes", "check", BAD_BOARD], &[]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn quiet_silences_notes_but_not_results() {
    let noisy = relic(
        &[
            "board", "new", "--width", "5", "--height", "5", "--relics", "1",
        ],
        &[],
    );
    assert!(stderr(&noisy).starts_with("seed: "), "{}", stderr(&noisy));
    let quiet = relic(
        &[
            "-q", "board", "new", "--width", "5", "--height", "5", "--relics", "1",
        ],
        &[],
    );
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(stderr(&quiet), "");
    assert!(
        String::from_utf8(quiet.stdout)
            .unwrap()
            .starts_with("5 5\n")
    );
}

#[test]
fn completions_cover_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = relic(&["completions", shell], &[]);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        let color = if shell == "fish" {
            "-l color"
        } else {
            "--color"
        };
        for word in ["explain", "solve", color] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    assert_eq!(relic(&["completions", "tcsh"], &[]).status.code(), Some(2));
}

#[test]
fn the_manual_page_is_roff_from_the_same_definitions() {
    let output = relic(&["man"], &[]);
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains(".TH relic 1"), "{page}");
    assert!(page.contains("completions") && page.contains("explain"));
    assert!(page.contains("\\-\\-color"), "{page}");
}

#[test]
fn human_is_the_one_name_of_the_format_for_people() {
    let board = "boards/learner-5x5.gbf";
    let human = relic(&["solve", board, "--format", "human"], &[]);
    let old = relic(&["solve", board, "--format", "text"], &[]);
    assert_eq!(human.status.code(), Some(0), "{}", stderr(&human));
    assert_eq!(human.stdout, old.stdout);
    let sim = relic(
        &["sim", "--games", "2", "--format", "human", "--seed", "1"],
        &[],
    );
    assert_eq!(sim.status.code(), Some(0), "{}", stderr(&sim));
    for command in [
        &["check", "--help"][..],
        &["solve", "--help"],
        &["sim", "--help"],
    ] {
        let help = String::from_utf8(relic(command, &[]).stdout).unwrap();
        assert!(help.contains("human"), "{command:?}");
    }
}

#[test]
fn a_ruleset_file_where_a_setup_goes_is_the_ruleset() {
    let dir = tempfile::tempdir().unwrap();
    let moves = &moves_file(&dir, "a1\nb2\n");
    let ruleset = "rulesets/classic/tic-tac-toe.toml";
    let positional = relic(&["verify", ruleset, moves], &[]);
    let named = relic(&["verify", "--ruleset", ruleset, moves], &[]);
    assert_eq!(positional.status.code(), Some(0), "{}", stderr(&positional));
    assert_eq!(positional.stdout, named.stdout);
    assert!(String::from_utf8_lossy(&positional.stdout).contains("X to move"));
    let played = relic(&["play", ruleset], &[]);
    assert!(!stderr(&played).contains("gbf::"), "{}", stderr(&played));
    assert!(String::from_utf8_lossy(&played.stdout).contains("a b c"));
}

/// `relic sim` takes its setup where the other commands do, and a ruleset
/// given where a setup goes is the ruleset there too (it was read as a
/// setup as well, a FEN problem).
#[test]
fn sim_takes_a_setup_where_play_does() {
    let cave = "boards/cave-8x8.board";
    let games = ["--games", "3", "--jobs", "1"];
    let positional = relic(
        &[&["sim", "--ruleset", "boulder-dash", cave][..], &games].concat(),
        &[],
    );
    let named = relic(
        &[
            &["sim", "--ruleset", "boulder-dash", "--board", cave][..],
            &games,
        ]
        .concat(),
        &[],
    );
    assert_eq!(positional.status.code(), Some(0), "{}", stderr(&positional));
    assert_eq!(positional.stdout, named.stdout);
    assert!(String::from_utf8_lossy(&positional.stdout).starts_with("start boards/cave-8x8.board"));
    let othello = "rulesets/classic/othello.toml";
    for args in [vec!["sim", othello], vec!["sim", "--board", othello]] {
        let run = relic(&[&args[..], &games].concat(), &[]);
        assert_eq!(run.status.code(), Some(0), "{args:?}: {}", stderr(&run));
        assert!(String::from_utf8_lossy(&run.stdout).contains("Othello"));
    }
    let both = relic(&["sim", cave, "--board", cave], &[]);
    assert_eq!(both.status.code(), Some(2));
    assert!(
        stderr(&both).contains("cannot be used with"),
        "{}",
        stderr(&both)
    );
}

/// A ruleset where the board goes may be a built-in name (`relic play
/// chess`), and the file after it its setup, in play and verify alike
/// (`relic verify RULESET SETUP MOVES`); three files without a ruleset
/// first are refused with a usage error.
#[test]
fn a_builtin_name_and_a_setup_after_a_ruleset_are_read_where_the_board_goes() {
    let dir = tempfile::tempdir().unwrap();
    let moves = &moves_file(&dir, "e2a6\n");
    let fen = "tests/fixtures/core/kiwipete.fen";
    let positional = relic(&["verify", "chess", fen, moves], &[]);
    let named = relic(&["verify", "--ruleset", "chess", fen, moves], &[]);
    assert_eq!(positional.status.code(), Some(0), "{}", stderr(&positional));
    assert_eq!(positional.stdout, named.stdout);
    let refused = relic(&["verify", fen, fen, moves], &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("cli::usage") && stderr(&refused).contains("RULESET SETUP MOVES"),
        "{}",
        stderr(&refused)
    );
    let play = |args: &[&str]| relic(args, &[]);
    let kiwipete = play(&["play", "chess", fen]);
    let shown = String::from_utf8_lossy(&kiwipete.stdout);
    assert_eq!(kiwipete.status.code(), Some(0), "{}", stderr(&kiwipete));
    assert!(shown.contains("5  . . . P N . . ."), "{shown}");
    assert_eq!(
        play(&["play", "chess", "text"]).stdout,
        play(&["play", "chess"]).stdout
    );
}
