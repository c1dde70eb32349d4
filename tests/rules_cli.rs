//! `relic rules check|show|schema` and `relic check --ruleset` from the
//! outside: exit codes, JSON, and the resolved ruleset.

use std::process::{Command, Output};

use relic::rules::{builtin_ruleset, parse_ruleset};

fn relic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn rules_check_exits_0_for_valid_rulesets() {
    let output = relic(&["rules", "check", "rulesets/moving-maze.toml", "two-players"]);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(stdout, "rulesets/moving-maze.toml: ok\ntwo-players: ok\n");
}

#[test]
fn rules_check_exits_1_with_every_problem_as_json() {
    let output = relic(&[
        "rules",
        "check",
        "--format",
        "json",
        "rulesets/variants/any-order.toml",
        "tests/fixtures/rules/parent-problems.toml",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let document = json(&output);
    let files = document["files"].as_array().unwrap();
    let paths: Vec<&str> = files.iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(
        paths,
        [
            "rulesets/variants/any-order.toml",
            "tests/fixtures/rules/parent-problems.toml",
            "tests/fixtures/rules/parents/bad-parent.toml",
        ]
    );
    assert_eq!(files[0]["ok"], true);
    assert_eq!(
        files[1]["diagnostics"][0]["code"],
        "rules::extends::invalid"
    );
    assert_eq!(files[2]["diagnostics"].as_array().unwrap().len(), 2);
}

#[test]
fn rules_check_exits_2_for_unreadable_files() {
    let output = relic(&["rules", "check", "--format", "json", "no-such-ruleset.toml"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        json(&output)["files"][0]["diagnostics"][0]["code"],
        "rules::io::unreadable"
    );
    let output = relic(&["rules", "check"]);
    assert_eq!(output.status.code(), Some(2), "a usage error");
}

#[test]
fn rules_show_prints_the_resolved_ruleset_which_reads_back_the_same() {
    let output = relic(&["rules", "show", "rulesets/variants/single-steps.toml"]);
    assert_eq!(output.status.code(), Some(0));
    let shown = String::from_utf8(output.stdout).unwrap();
    assert!(!shown.contains("extends"));
    assert!(shown.contains("pathfinding = false"));
    let reread = parse_ruleset(&shown, "shown.toml", None).unwrap();
    assert_eq!(reread, builtin_ruleset("single-steps").unwrap().unwrap());
}

#[test]
fn rules_show_reports_problems() {
    let output = relic(&["rules", "show", "tests/fixtures/rules/unknown-key.toml"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("rules::key::unknown"), "{stderr}");
    assert!(stderr.contains("did you mean `min_width`?"), "{stderr}");
}

#[test]
fn check_uses_the_rulesets_bounds() {
    let standard = relic(&["check", "boards/classic-7x7.gbf"]);
    assert_eq!(standard.status.code(), Some(0));
    let dir = std::env::temp_dir().join(format!("relic-rules-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let small = dir.join("small.toml");
    std::fs::write(
        &small,
        "extends = \"moving-maze\"\n[board]\nmax_width = 5\nmax_height = 5\n",
    )
    .unwrap();
    let output = relic(&[
        "check",
        "--format",
        "json",
        "--ruleset",
        small.to_str().unwrap(),
        "boards/classic-7x7.gbf",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let codes: Vec<String> = json(&output)["files"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes, ["gbf::size::range", "gbf::size::range"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_ruleset_stops_check_and_play_with_its_report() {
    for args in [
        &[
            "check",
            "--ruleset",
            "tests/fixtures/rules/min-above-max.toml",
            "boards/learner-5x5.gbf",
        ][..],
        &[
            "play",
            "--ruleset",
            "tests/fixtures/rules/min-above-max.toml",
        ][..],
    ] {
        let output = relic(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("rules::board::min_above_max"), "{stderr}");
    }
}

#[test]
fn rules_show_expanded_writes_out_every_default_and_reads_back_the_same_game() {
    use relic::games::{GameRules, builtin_game_rules, builtin_names, parse_game_rules};
    for name in builtin_names() {
        let output = relic(&["rules", "show", "--expanded", name]);
        assert_eq!(output.status.code(), Some(0), "{name}");
        let expanded = String::from_utf8(output.stdout).unwrap();
        let reread = parse_game_rules(&expanded, "expanded.toml", None)
            .unwrap_or_else(|failure| panic!("{name}: {failure:?}\n{expanded}"));
        assert_eq!(
            reread.expanded_toml(),
            expanded,
            "{name}: not a fixed point"
        );
        let builtin = builtin_game_rules(name).unwrap().unwrap();
        match (&reread, &builtin) {
            (GameRules::Vocabulary(a), GameRules::Vocabulary(b)) => {
                assert_eq!(a.program, b.program, "{name}: a different game");
                let messages = toml::Value::try_from(&a.ruleset.messages).unwrap();
                let count = messages.as_table().unwrap().len();
                assert_eq!(count, relic::vocab::messages::DEFAULTS.len(), "{name}");
            }
            (GameRules::Core(a), GameRules::Core(b)) => {
                assert_eq!(a.program, b.program, "{name}: a different game");
            }
            // A vocabulary ruleset shown in its core form: the lowered game.
            (GameRules::Core(a), GameRules::Vocabulary(b)) => {
                let (lowered, _) = relic::vocab::lower::lower_compiled(&b.ruleset, &b.program)
                    .unwrap_or_else(|why| panic!("{name}: {why}"));
                assert_eq!(a.program, lowered, "{name}: a different game");
            }
            _ => assert_eq!(reread.resolved_toml(), builtin.resolved_toml(), "{name}"),
        }
    }
}

#[test]
fn rules_show_expanded_of_tic_tac_toe() {
    let output = relic(&["rules", "show", "--expanded", "tic-tac-toe"]);
    assert_eq!(output.status.code(), Some(0));
    let shown = relic(&["rules", "show", "tic-tac-toe"]);
    let (expanded, shown) = (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(shown.stdout).unwrap(),
    );
    assert!(
        !shown.contains("forward") && !shown.contains("won = "),
        "{shown}"
    );
    insta::assert_snapshot!(expanded);
}

/// A walker-physics game's core form is written for a cave
/// (`--expanded --setup CAVE`): it checks as a core ruleset and its perft
/// counts are the walker's on the same cave; without `--setup` a note
/// says what to add; a cave that does not read is refused (exit 1).
#[test]
fn rules_show_expanded_of_boulder_dash_on_a_cave() {
    let cave = "tests/fixtures/boulder-dash/game-files/board.board";
    let shown = relic(&[
        "rules",
        "show",
        "--expanded",
        "boulder-dash",
        "--setup",
        cave,
    ]);
    assert!(shown.status.success(), "{shown:?}");
    let core = String::from_utf8(shown.stdout).unwrap();
    assert!(core.starts_with("game = \"core\""), "{core}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cave.toml");
    std::fs::write(&file, &core).unwrap();
    let file = file.to_str().unwrap();
    assert!(relic(&["rules", "check", file]).status.success());
    let perft = |args: &[&str]| String::from_utf8(relic(args).stdout).unwrap();
    let lowered = perft(&["perft", "--ruleset", file, "--depth", "4"]);
    let walker = perft(&["perft", "--ruleset", "boulder-dash", cave, "--depth", "4"]);
    assert_eq!(lowered, walker);
    let core = [
        "perft",
        "--core",
        "--ruleset",
        "boulder-dash",
        cave,
        "--depth",
        "4",
    ];
    assert_eq!(perft(&core), walker);
    assert!(lowered.contains("4 75"), "{lowered}");
    let plain = relic(&["rules", "show", "--expanded", "boulder-dash"]);
    let note = String::from_utf8(plain.stderr).unwrap();
    assert!(note.contains("--setup CAVE"), "{note}");
    let bad = "tests/fixtures/boulder-dash/check/many_problems.board";
    let refused = relic(&[
        "rules",
        "show",
        "--expanded",
        "boulder-dash",
        "--setup",
        bad,
    ]);
    assert_eq!(refused.status.code(), Some(1));
}

/// A level-walking game's core form is written for a level file
/// (`--expanded --setup LEVELS`): it checks as a core ruleset and its
/// perft counts are the level walker's on the same levels; without
/// `--setup` a note says what to add; a level file that does not read is
/// refused (exit 1), levels larger than a core board too.
#[test]
fn rules_show_expanded_of_maze_runner_on_a_level_file() {
    let levels = "tests/fixtures/maze-runner/levels/two-levels.txt";
    let shown = relic(&[
        "rules",
        "show",
        "--expanded",
        "maze-runner",
        "--setup",
        levels,
    ]);
    assert!(shown.status.success(), "{shown:?}");
    let core = String::from_utf8(shown.stdout).unwrap();
    assert!(core.starts_with("game = \"core\""), "{core}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("levels.toml");
    std::fs::write(&file, &core).unwrap();
    let file = file.to_str().unwrap();
    assert!(relic(&["rules", "check", file]).status.success());
    let perft = |args: &[&str]| String::from_utf8(relic(args).stdout).unwrap();
    let lowered = perft(&["perft", "--ruleset", file, "--depth", "7"]);
    let walker = perft(&["perft", "--ruleset", "maze-runner", levels, "--depth", "7"]);
    assert_eq!(lowered, walker);
    assert!(lowered.lines().count() == 8, "{lowered}");
    // `--core` writes it for the setup given and counts on the core.
    let core = [
        "perft",
        "--core",
        "--ruleset",
        "maze-runner",
        levels,
        "--depth",
        "7",
    ];
    assert_eq!(perft(&core), walker);
    let sim = |core: &[&str]| {
        let mut args = vec![
            "sim",
            "--ruleset",
            "maze-runner",
            "--board",
            levels,
            "--games",
            "40",
        ];
        args.extend(core);
        let report = perft(&args);
        let turns: Vec<String> = (report.lines())
            .filter(|l| l.starts_with("turns") || l.contains("wins"))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert!(turns.len() >= 3, "{report}");
        turns
    };
    assert_eq!(sim(&["--core"]), sim(&[]));
    let plain = relic(&["rules", "show", "--expanded", "maze-runner"]);
    let note = String::from_utf8(plain.stderr).unwrap();
    assert!(note.contains("--setup LEVELS"), "{note}");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "Maze 1 - 2 2\n#\n").unwrap();
    let bad = bad.to_str().unwrap();
    let refused = relic(&["rules", "show", "--expanded", "maze-runner", "--setup", bad]);
    assert_eq!(refused.status.code(), Some(1));
    let wide = dir.path().join("wide.txt");
    std::fs::write(&wide, format!("Maze 1 - 1 70\nP{}D\n", " ".repeat(68))).unwrap();
    let wide = wide.to_str().unwrap();
    let refused = relic(&[
        "rules",
        "show",
        "--expanded",
        "maze-runner",
        "--setup",
        wide,
    ]);
    assert_eq!(refused.status.code(), Some(1));
    let message = String::from_utf8(refused.stderr).unwrap();
    assert!(
        message.contains("70 columns wide") && message.contains("1 row high"),
        "{message}"
    );
}

/// Rules nested 200,000 deep are refused with a diagnostic on the main
/// thread of a process whose stack is limited to 1 MiB (pest's stack guard,
/// crates/pest_stack_guard), not a crash.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn rules_nested_too_deeply_are_refused_on_a_small_stack() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deep.toml");
    let depth = 200_000;
    let body = format!("{}->next{}", "(".repeat(depth), ")".repeat(depth));
    let text = format!(
        "game = \"core\"\nname = \"Deep\"\nplayers = [\"a\", \"b\"]\nrules = \"turn\"\n\
         [board]\nwidth = 3\nheight = 3\n[[kinds]]\nname = \"x\"\n\
         [macros]\nturn = \"{body}\"\n"
    );
    std::fs::write(&file, text).unwrap();
    let script = format!(
        "ulimit -s 1024 && exec '{}' rules check '{}'",
        env!("CARGO_BIN_EXE_relic"),
        file.display()
    );
    let out = Command::new("sh").args(["-c", &script]).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("core::rules::syntax"), "{stderr}");
    assert!(
        stderr.contains("rules nested less deeply (stack limit reached)"),
        "{stderr}"
    );
}
