//! `relic sim` end to end: determinism across `--jobs`, shard + merge
//! equal to one run, the JSON document's structure, CSV, the SVG chart and
//! `--vs-ruleset`. Small studies, so the suite stays fast in debug builds.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// A small, quick study: 24 games, at most 300 turns.
const STUDY: [&str; 4] = ["--games", "24", "--max-turns", "300"];

/// The board and seed of most tests: the 5x5 learner board, K = 1.
const BOARD_AND_SEED: [&str; 4] = ["--board", "boards/learner-5x5.gbf", "--seed", "7"];

fn relic(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_relic"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("relic runs")
}

fn sim(extra: &[&str]) -> String {
    sim_on(&BOARD_AND_SEED, extra)
}

fn sim_on(board_and_seed: &[&str], extra: &[&str]) -> String {
    let mut args = vec!["sim"];
    args.extend(STUDY);
    args.extend(board_and_seed);
    args.extend(extra);
    let output = relic(&args);
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("relic-sim-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn figures_do_not_depend_on_the_number_of_threads() {
    let one = sim(&["--jobs", "1", "--format", "json"]);
    let three = sim(&["--jobs", "3", "--format", "json"]);
    assert_eq!(one, three);
    let random = ["--random-boards", "5x5:1", "--seed", "3"];
    let one = sim_on(&random, &["--jobs", "1", "--format", "csv"]);
    let two = sim_on(&random, &["--jobs", "2", "--format", "csv"]);
    assert_eq!(one, two);
}

#[test]
fn different_seeds_give_different_games() {
    let a = sim(&["--format", "json"]);
    let other_seed = ["--board", "boards/learner-5x5.gbf", "--seed", "8"];
    let b = sim_on(&other_seed, &["--format", "json"]);
    let histogram = |doc: &str| {
        let v: Value = serde_json::from_str(doc).unwrap();
        v["runs"][0]["totals"]["turn_histogram"].clone()
    };
    assert_ne!(histogram(&a), histogram(&b));
}

#[test]
fn shards_merge_into_exactly_one_run() {
    let dir = scratch("shards");
    let single = sim(&["--format", "json"]);
    let mut files = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let text = sim(&["--shard", shard, "--format", "json"]);
        let file = dir.join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&file, text).unwrap();
        files.push(file.display().to_string());
    }
    let merge = |format: &str, files: &[String]| {
        let mut args = vec!["sim", "merge", "--format", format];
        args.extend(files.iter().map(String::as_str));
        relic(&args)
    };
    let merged = merge("json", &files);
    assert!(merged.status.success(), "{merged:?}");
    assert_eq!(String::from_utf8(merged.stdout).unwrap(), single);
    let table = merge("table", &files);
    assert_eq!(String::from_utf8(table.stdout).unwrap(), sim(&[]));

    let missing = merge("json", &files[..2]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(unwrapped(&missing.stderr).contains("shards missing: 2/3"));
    let twice = merge("json", &[files[0].clone(), files[0].clone()]);
    assert!(String::from_utf8_lossy(&twice.stderr).contains("already in"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn merge_refuses_other_studies_and_bad_files() {
    let dir = scratch("mismatch");
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    let junk = dir.join("junk.json");
    std::fs::write(&a, sim(&["--shard", "0/2", "--format", "json"])).unwrap();
    let other_seed = ["--board", "boards/learner-5x5.gbf", "--seed", "9"];
    std::fs::write(
        &b,
        sim_on(&other_seed, &["--shard", "1/2", "--format", "json"]),
    )
    .unwrap();
    std::fs::write(&junk, "{\"schema\": 3").unwrap();
    let out = relic(&["sim", "merge", path(&a), path(&b)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(unwrapped(&out.stderr).contains("the seed differs"));
    let out = relic(&["sim", "merge", path(&junk)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(unwrapped(&out.stderr).contains("not a relic sim JSON document"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A diagnostic's text with its line wrapping undone.
fn unwrapped(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr).replace('│', " ");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn json_document_has_the_documented_structure() {
    let doc: Value = serde_json::from_str(&sim(&["--format", "json"])).unwrap();
    assert_eq!(doc["schema"], "relic-sim/2");
    let keys = |v: &Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(keys(&doc), ["runs", "schema"]);
    let runs = doc["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(keys(run), ["info", "summary", "totals"]);
    let info = &run["info"];
    assert_eq!(
        keys(info),
        [
            "board",
            "bots",
            "games",
            "max_turns",
            "opening",
            "ruleset",
            "seats",
            "seed",
            "shards"
        ]
    );
    assert_eq!(
        info["seats"],
        serde_json::json!(["Green", "Yellow", "Red", "Blue"])
    );
    assert_eq!(info["bots"].as_array().unwrap().len(), 4);
    assert_eq!(
        info["shards"],
        serde_json::json!([{"index": 0, "count": 1}])
    );
    let totals = &run["totals"];
    assert_eq!(
        keys(totals),
        [
            "draws",
            "games",
            "seats",
            "stopped",
            "tally_measures",
            "tally_names",
            "turn_histogram",
            "turns",
            "undecided"
        ]
    );
    let histogram: Vec<u64> = serde_json::from_value(totals["turn_histogram"].clone()).unwrap();
    // The histogram reaches as far as the longest game, no further.
    assert!(histogram.len() <= 301);
    assert_ne!(histogram.last(), Some(&0));
    assert_eq!(histogram.iter().sum::<u64>(), 24);
    assert_eq!(totals["tally_names"], serde_json::json!(["relics"]));
    assert_eq!(totals["tally_measures"], serde_json::json!(["per-turn"]));
    let weighted: u64 = histogram
        .iter()
        .enumerate()
        .map(|(t, n)| t as u64 * n)
        .sum();
    assert_eq!(totals["turns"].as_u64(), Some(weighted));
    let seats = totals["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    assert_eq!(keys(&seats[0]), ["losses", "tallies", "turns", "wins"]);
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    let ended = ["stopped", "undecided", "draws"]
        .iter()
        .map(|k| totals[*k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(wins + ended, 24);
    let summary = &run["summary"];
    assert_eq!(
        keys(summary),
        [
            "draw_rate",
            "games",
            "mean_turns",
            "median_turns",
            "p90_turns",
            "seats",
            "stopped_rate",
            "tallies_at_end",
            "tallies_per_turn"
        ]
    );
    let seat = &summary["seats"][0];
    assert_eq!(
        keys(seat),
        [
            "bot",
            "colour",
            "tallies_at_end",
            "tallies_per_turn",
            "win_rate",
            "win_rate_ci",
            "wins"
        ]
    );
    let ci = seat["win_rate_ci"].as_array().unwrap();
    let rate = seat["win_rate"].as_f64().unwrap();
    assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
}

#[test]
fn csv_has_one_line_per_seat() {
    let csv = sim(&["--format", "csv"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5);
    let columns = lines[0].split(',').count();
    assert!(lines[0].starts_with("ruleset,board,seat,colour,bot,games,wins,win_rate"));
    assert!(lines.iter().all(|l| l.split(',').count() == columns));
    assert!(lines[1].starts_with("Moving Maze,boards/learner-5x5.gbf,1,Green,random,24,"));
}

#[test]
fn chart_is_well_formed_svg() {
    let dir = scratch("chart");
    let file = dir.join("chart.svg");
    sim(&["--bots", "greedy", "--chart", path(&file)]);
    let text = std::fs::read_to_string(&file).unwrap();
    let svg = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root = svg.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let titles: Vec<&str> = svg
        .descendants()
        .filter(|n| n.has_tag_name("title"))
        .filter_map(|n| n.text())
        .collect();
    for colour in ["Green", "Yellow", "Red", "Blue"] {
        assert!(
            titles.iter().any(|t| t.starts_with(&format!("{colour}: "))),
            "{titles:?}"
        );
    }
    assert!(titles.iter().any(|t| t.contains("turns: ")));
    // The game-length chart fits the games (greedy ones last about 10
    // turns on this board),
    // not the turn limit of 300.
    let longest = titles
        .iter()
        .filter_map(|t| t.split_once(" turns: ")?.0.split_once('-'))
        .map(|(_, end)| end.parse::<u32>().unwrap())
        .max()
        .unwrap();
    assert!(longest < 100, "{titles:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn vs_ruleset_plays_the_same_games_under_both_rulesets() {
    let dir = scratch("vs");
    let variant = dir.join("last-relic.toml");
    std::fs::write(
        &variant,
        "extends = \"moving-maze\"\nname = \"Last relic wins\"\n[win]\ncondition = \"last-relic\"\n",
    )
    .unwrap();
    let json = sim(&["--vs-ruleset", path(&variant), "--format", "json"]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let runs = doc["runs"].as_array().unwrap();
    assert_eq!(runs[0]["info"]["ruleset"], "Moving Maze");
    assert_eq!(runs[1]["info"]["ruleset"], "Last relic wins");
    assert_eq!(
        runs[0],
        serde_json::from_str::<Value>(&sim(&["--format", "json"])).unwrap()["runs"][0]
    );
    let table = sim(&["--vs-ruleset", path(&variant)]);
    assert!(table.contains("B - A"), "{table}");
    assert!(table.contains("Last relic wins"));
    assert!(
        table.lines().any(|l| l.starts_with("turns: mean")
            && l.trim_end().ends_with(|c: char| c.is_ascii_digit()))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_get_clear_errors() {
    let cases: [(&[&str], &str); 7] = [
        (&["sim", "--games", "0"], "--games"),
        (
            &["sim", "--bots", "greedy", "--opening", "0"],
            "every game would be the same game",
        ),
        (&["sim", "--shard", "3/3"], "expected I/N"),
        (&["sim", "--random-boards", "7x7"], "expected WxH:K"),
        (&["sim", "--bots", "purple=random"], "no seat `purple`"),
        (&["sim", "--bots", "genius"], "no strategy `genius`"),
        (
            &["sim", "--random-boards", "3x3:5", "--games", "2"],
            "do not fit",
        ),
    ];
    for (args, message) in cases {
        let out = relic(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn deterministic_bots_on_a_fixed_board_get_a_random_opening() {
    let doc: Value = serde_json::from_str(&sim(&["--bots", "greedy", "--format", "json"])).unwrap();
    let run = &doc["runs"][0];
    assert_eq!(run["info"]["opening"], 4, "one random turn per seat");
    let histogram: Vec<u64> =
        serde_json::from_value(run["totals"]["turn_histogram"].clone()).unwrap();
    assert!(
        histogram.iter().filter(|&&n| n > 0).count() > 1,
        "{histogram:?}"
    );
    let winners = run["totals"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["wins"].as_u64().unwrap() > 0)
        .count();
    assert!(winners > 1, "the same seat won every game: {run}");
    let table = sim(&["--bots", "greedy"]);
    assert!(
        table
            .lines()
            .next()
            .unwrap()
            .ends_with("opening 4 random turns"),
        "{table}"
    );
}

/// A core game's shown variables are tallied at the end: a per-player
/// variable per seat (the seats adding up to the whole), a variable of
/// the whole game once (Kalah keeps each store in a variable of its own).
#[test]
fn a_core_game_tallies_its_variables() {
    let out = relic(&[
        "sim",
        "--ruleset",
        "kalah",
        "--games",
        "20",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &json["runs"][0];
    let names = run["totals"]["tally_names"].as_array().unwrap();
    let at = |name: &str| names.iter().position(|n| n == name).unwrap();
    let (south, north) = (at("store_south"), at("store_north"));
    let figure = |i: usize| run["summary"]["tallies_at_end"][i].as_f64().unwrap();
    // Kalah's 48 seeds all end in the stores.
    assert!((figure(south) + figure(north) - 48.0).abs() < 1e-9, "{run}");
    let seat = |s: usize, i: usize| {
        run["summary"]["seats"][s]["tallies_at_end"][i]
            .as_f64()
            .unwrap()
    };
    assert_eq!(
        seat(0, south),
        figure(south),
        "the same for every seat, counted once"
    );
    let text =
        String::from_utf8(relic(&["sim", "--ruleset", "kalah", "--games", "20"]).stdout).unwrap();
    assert!(text.contains("store_south at the end"), "{text}");
    assert!(!text.contains("south store_south"), "{text}");
}
