//! Escape's conformance data (`../shared/conformance/escape/`), read in
//! place: every case of `cases.json` through `relic::escape`, under the
//! README's readings (and, where a case names two readings, under each
//! with the matching rules); the point-conflict examples; the geometry
//! vectors; and every configuration of `configs/` loads. Counts are
//! printed; any mismatch fails.

use crate::common;

use std::path::Path;

use relic::escape::config::read_config_file;
use relic::escape::conflict::{Holder, resolve};
use relic::escape::{CountRule, GameManager, IllegalMove, Variant};
use relic::mechanics::movement::{Axis, Board, Tiling};
use serde_json::Value;

fn load(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("cases.json")).expect("cases.json reads");
    serde_json::from_str(&text).expect("cases.json is JSON")
}

fn coord(value: &Value) -> (i32, i32) {
    (
        value[0].as_i64().unwrap() as i32,
        value[1].as_i64().unwrap() as i32,
    )
}

/// The rules a reading name stands for.
fn variant(reading: &str) -> Variant {
    let mut variant = Variant::default();
    match reading {
        "invalid-move-loses" => variant.illegal_move = IllegalMove::Loses,
        "moves" => variant.turn_limit = CountRule::MoveLimit,
        _ => {}
    }
    variant
}

/// Runs one case under `reading`; the first mismatch, if any.
fn run_case(dir: &Path, case: &Value, reading: &str) -> Result<usize, String> {
    let path = dir.join(case["config"].as_str().unwrap());
    let config = read_config_file(&path).map_err(|f| f.render(80))?;
    let mut game = GameManager::new(config, variant(reading));
    let mut steps = 0;
    for (i, step) in case["steps"].as_array().unwrap().iter().enumerate() {
        let expect = match step.get("variants") {
            Some(variants) => variants.get(reading).cloned().unwrap_or(Value::Null),
            None => step["expect"].clone(),
        };
        let got = match step["op"].as_str().unwrap() {
            "move" => Value::Bool(game.move_piece(coord(&step["from"]), coord(&step["to"]))),
            "piece_at" => match game.piece_at(coord(&step["at"])) {
                Some((name, player)) => serde_json::json!({"name": name, "player": player}),
                None => Value::Null,
            },
            "scores" => serde_json::json!({"PLAYER1": game.score(1), "PLAYER2": game.score(2)}),
            "result" => Value::String(game.result().unwrap_or_else(|| "none".to_owned())),
            "build" => continue,
            op => return Err(format!("unknown op {op}")),
        };
        if expect.is_null() && step.get("variants").is_some() {
            continue;
        }
        if got != expect {
            return Err(format!("step {i} ({step}): got {got}"));
        }
        steps += 1;
    }
    Ok(steps)
}

/// The readings a case is run under: the README's, and every other one
/// the case names.
fn readings(case: &Value) -> Vec<String> {
    let mut readings = vec!["default".to_owned()];
    for step in case["steps"].as_array().unwrap() {
        if let Some(Value::Object(variants)) = step.get("variants") {
            readings = variants.keys().cloned().collect();
        }
    }
    readings
}

#[test]
fn every_case_passes_through_the_game_manager() {
    let Some(dir) = common::shared_dir("conformance/escape") else {
        return;
    };
    let data = load(&dir);
    let cases = data["cases"].as_array().unwrap();
    let (mut passed, mut runs, mut steps, mut failures) = (0, 0, 0, Vec::new());
    for case in cases {
        for reading in readings(case) {
            runs += 1;
            match run_case(&dir, case, &reading) {
                Ok(n) => {
                    passed += 1;
                    steps += n;
                }
                Err(why) => failures.push(format!("{} [{reading}]: {why}", case["id"])),
            }
        }
    }
    eprintln!(
        "escape conformance: {passed}/{runs} case runs passed ({} cases, {steps} steps checked)",
        cases.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(cases.len() >= 60);
}

#[test]
fn point_conflict_examples() {
    let Some(dir) = common::shared_dir("conformance/escape") else {
        return;
    };
    let data = load(&dir);
    let examples = data["conflict_resolution"].as_array().unwrap();
    for example in examples {
        let fighter = |v: &Value| {
            (
                v[0].as_str().unwrap().to_owned(),
                v[1].as_u64().unwrap() as u32,
            )
        };
        let (a_name, a_value) = fighter(&example["attacker"]);
        let defenders: Vec<(String, u32)> = example["defenders"]
            .as_array()
            .unwrap()
            .iter()
            .map(fighter)
            .collect();
        let borrowed: Vec<(&str, u32)> = defenders.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        let (left, holder) = resolve((&a_name, a_value), &borrowed);
        let square: Vec<Value> = left
            .iter()
            .map(|(n, v)| serde_json::json!([n, v]))
            .collect();
        let holder = match holder {
            Holder::Attacker => Value::from("attacker"),
            Holder::Defender => Value::from("defender"),
            Holder::Nobody => Value::Null,
        };
        assert_eq!(
            Value::from(square),
            example["expect"]["square"],
            "{example}"
        );
        assert_eq!(holder, example["expect"]["holder"], "{example}");
    }
    eprintln!("escape point conflicts: {0}/{0}", examples.len());
}

#[test]
fn geometry_vectors() {
    let Some(dir) = common::shared_dir("conformance/escape") else {
        return;
    };
    let geometry = &load(&dir)["geometry"];
    let board = |tiling| Board {
        tiling,
        x: Axis::Infinite,
        y: Axis::Infinite,
    };
    let mut checked = 0;
    for (key, tiling) in [
        ("square_distance", Tiling::Square),
        ("hex_distance", Tiling::Hex),
    ] {
        for vector in geometry[key].as_array().unwrap() {
            let got = board(tiling).distance(coord(&vector["from"]), coord(&vector["to"]));
            assert_eq!(got, vector["expect"].as_u64().unwrap(), "{key} {vector}");
            checked += 1;
        }
    }
    let sorted = |list: &Value| {
        let mut v: Vec<(i32, i32)> = list.as_array().unwrap().iter().map(coord).collect();
        v.sort();
        v
    };
    let mut hex = board(Tiling::Hex).neighbours((0, 0));
    hex.sort();
    assert_eq!(hex, sorted(&geometry["hex_neighbours_of_origin"]));
    let square_at = coord(&geometry["square_neighbours_of"]["at"]);
    let mut square = board(Tiling::Square).neighbours(square_at);
    square.sort();
    assert_eq!(square, sorted(&geometry["square_neighbours_of"]["expect"]));
    eprintln!("escape geometry: {} vectors and 2 neighbour sets", checked);
}

#[test]
fn every_shared_configuration_loads() {
    let Some(dir) = common::shared_dir("conformance/escape/configs") else {
        return;
    };
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let mut loaded = 0;
    for path in names
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "egc"))
    {
        if let Err(failure) = read_config_file(path) {
            panic!("{} does not load:\n{}", path.display(), failure.render(80));
        }
        loaded += 1;
    }
    eprintln!("escape configurations: {loaded}/{loaded} load");
    assert!(loaded >= 20);
}
