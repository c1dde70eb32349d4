//! The ruleset schema: defaults equal the standard game, the committed JSON
//! Schema matches `relic rules schema`, shipped rulesets point at it, and
//! every built-in variant loads and changes something.

use std::path::Path;
use std::process::Command;

use relic::rules::{BUILTIN_RULESETS, Ruleset, builtin_ruleset, load_ruleset, parse_ruleset};

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_defaults_are_the_standard_game() {
    let standard = builtin_ruleset("moving-maze").unwrap().unwrap();
    assert_eq!(Ruleset::default(), standard);
    assert_eq!(parse_ruleset("", "empty.toml", None).unwrap(), standard);
    // The standard rules are built from the defaults, without the file.
    assert_eq!(
        *relic::rules::Rules::standard(),
        relic::rules::Rules::new(standard)
    );
}

#[test]
fn the_committed_schema_is_what_the_command_prints() {
    let output = Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(["rules", "schema"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let committed =
        std::fs::read_to_string(crate_dir().join("rulesets/ruleset.schema.json")).unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        committed,
        "run `relic rules schema > rulesets/ruleset.schema.json`"
    );
    let schema: serde_json::Value = serde_json::from_str(&committed).unwrap();
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
}

#[test]
fn shipped_rulesets_carry_the_schema_line_and_load() {
    let mut files = vec![crate_dir().join("rulesets/moving-maze.toml")];
    let variants = std::fs::read_dir(crate_dir().join("rulesets/variants")).unwrap();
    files.extend(variants.map(|entry| entry.unwrap().path()));
    assert!(
        files.len() >= 6,
        "the standard game and at least five variants"
    );
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let first = text.lines().next().unwrap();
        let schema = first
            .strip_prefix("#:schema ")
            .expect("first line is #:schema");
        let target = file.parent().unwrap().join(schema);
        assert!(
            target.is_file(),
            "{} points at {}",
            file.display(),
            target.display()
        );
        load_ruleset(&file).unwrap_or_else(|e| panic!("{}:\n{e:?}", file.display()));
    }
}

#[test]
fn every_variant_is_built_in_extends_the_standard_game_and_changes_it() {
    let standard = Ruleset::default();
    assert_eq!(BUILTIN_RULESETS[0].0, "moving-maze");
    for (name, source) in &BUILTIN_RULESETS[1..] {
        let path = crate_dir().join(format!("rulesets/variants/{name}.toml"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), *source, "{name}");
        assert!(source.contains("\nextends = \"moving-maze\"\n"), "{name}");
        let ruleset = builtin_ruleset(name).unwrap().unwrap();
        let mut rules_only = ruleset.clone();
        rules_only.name = standard.name.clone();
        rules_only.description = standard.description.clone();
        assert_ne!(rules_only, standard, "{name} changes a rule");
    }
}

#[test]
fn the_standard_ruleset_writes_out_every_key() {
    let text = std::fs::read_to_string(crate_dir().join("rulesets/moving-maze.toml")).unwrap();
    let written: toml::Table = text.parse().unwrap();
    let schema = relic::rules::json_schema();
    let definition = |property: &serde_json::Value| {
        let reference = property["allOf"][0]["$ref"]
            .as_str()
            .or(property["items"]["$ref"].as_str())?;
        let name = reference.trim_start_matches("#/definitions/");
        Some(schema["definitions"][name].clone())
    };
    for (key, property) in schema["properties"].as_object().unwrap() {
        // The vocabulary's tables are the other form of the same rules:
        // `rules show --expanded` writes them (tests/rules_lowered.rs);
        // `extends` and `unset` only say how a variant is made.
        if ["extends", "unset", "turns", "actions", "outcomes", "kinds"].contains(&key.as_str()) {
            continue;
        }
        let value = written
            .get(key)
            .unwrap_or_else(|| panic!("`{key}` is not written"));
        let Some(fields) = definition(property).and_then(|d| d["properties"].as_object().cloned())
        else {
            continue;
        };
        let tables: Vec<&toml::Table> = match value {
            toml::Value::Array(items) => items.iter().filter_map(toml::Value::as_table).collect(),
            other => vec![other.as_table().unwrap()],
        };
        for table in tables {
            for field in fields.keys() {
                assert!(table.contains_key(field), "`{key}.{field}` is not written");
            }
        }
    }
}

/// Every choice of strings is an `enum` with one description per value,
/// never a `oneOf` of `const`s (Taplo then names no allowed value and
/// offers one choice per branch): issue 16 item 13.
#[test]
fn choices_are_enums_with_descriptions() {
    fn walk(value: &serde_json::Value, enums: &mut usize) {
        match value {
            serde_json::Value::Object(map) => {
                assert!(!map.contains_key("oneOf"), "{value}");
                if let Some(choices) = map.get("enum") {
                    *enums += 1;
                    let described = map["enumDescriptions"].as_array().unwrap();
                    assert_eq!(described.len(), choices.as_array().unwrap().len());
                    assert!(described.iter().all(|d| !d.as_str().unwrap().is_empty()));
                }
                map.values().for_each(|v| walk(v, enums));
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, enums)),
            _ => {}
        }
    }
    let mut enums = 0;
    walk(&relic::rules::json_schema(), &mut enums);
    assert!(enums >= 6, "{enums} enums");
}
