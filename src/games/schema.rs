//! The JSON Schema of every game's ruleset files in one document, for
//! editors (`relic rules schema`): the top-level `game` key picks the
//! game's schema with draft-07 `if`/`then` (a file without `game` is Moving
//! Maze's), so an editor checks and completes each file by its own game's
//! keys, and choices stay `enum` lists rather than `oneOf` branches.

use serde_json::{Map, Value, json};

use super::{GameId, json_schema_of};

/// Every game's ruleset schema, chosen by the `game` key.
///
/// ```
/// let schema = relic::games::all_games_schema();
/// assert_eq!(schema["properties"]["game"]["enum"][1], "vocabulary");
/// assert_eq!(schema["allOf"][1]["then"]["$ref"], "#/definitions/vocabulary");
/// ```
pub fn all_games_schema() -> Value {
    let mut definitions = Map::new();
    let mut choices = Vec::new();
    for id in GameId::ALL {
        let name = id.name();
        let mut schema = json_schema_of(id);
        let at = format!("#/definitions/{name}");
        move_refs(&mut schema, &format!("{at}/definitions/"));
        if let Some(map) = schema.as_object_mut() {
            map.remove("$schema");
        }
        definitions.insert(name.to_owned(), schema);
        let chosen = if id == GameId::default() {
            json!({ "anyOf": [
                { "not": { "required": ["game"] } },
                { "properties": { "game": { "const": name } } }
            ] })
        } else {
            json!({ "properties": { "game": { "const": name } }, "required": ["game"] })
        };
        choices.push(json!({ "if": chosen, "then": { "$ref": at } }));
    }
    let names: Vec<&str> = GameId::ALL.iter().map(|id| id.name()).collect();
    json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "relic ruleset",
        "description": "A ruleset of any game relic plays; its `game` key (default `moving-maze`) says which, and the file is checked against that game's schema.",
        "type": "object",
        "properties": { "game": {
            "description": "The game this ruleset is for (default `moving-maze`).",
            "type": "string",
            "enum": names,
        } },
        "allOf": choices,
        "definitions": definitions,
    })
}

/// Rewrites each `#/definitions/X` reference inside one game's schema to
/// `prefix X`, where that schema now lives.
fn move_refs(schema: &mut Value, prefix: &str) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get_mut("$ref")
                && let Some(rest) = target.strip_prefix("#/definitions/")
            {
                *target = format!("{prefix}{rest}");
            }
            map.values_mut().for_each(|v| move_refs(v, prefix));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| move_refs(v, prefix)),
        _ => {}
    }
}
