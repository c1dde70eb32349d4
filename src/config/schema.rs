//! JSON Schema post-processing shared by every game's `relic rules schema`.

/// Rewrites each choice of strings, which schemars writes as a `oneOf` of
/// `const`s (editors then say "not valid under any of the schemas" and
/// offer one choice per branch), as an `enum` with the choices'
/// descriptions in `enumDescriptions` and in the description.
///
/// ```
/// let schema = relic::rules::json_schema();
/// let corner = &schema["definitions"]["Corner"];
/// assert_eq!(corner["enum"][0], "top-left");
/// assert!(corner.get("oneOf").is_none());
/// ```
pub fn consts_to_enums(schema: &mut serde_json::Value) {
    use serde_json::Value;
    match schema {
        Value::Object(map) => {
            let choices = map
                .get("oneOf")
                .and_then(Value::as_array)
                .and_then(|options| {
                    options
                        .iter()
                        .map(|o| Some((o.get("const")?.as_str()?, o.get("description")?.as_str())))
                        .collect::<Option<Vec<_>>>()
                });
            if let Some(choices) = choices {
                let names: Vec<Value> = choices.iter().map(|(n, _)| Value::from(*n)).collect();
                let about: Vec<String> = choices
                    .iter()
                    .map(|(_, d)| {
                        d.unwrap_or_default()
                            .split_whitespace()
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                let listed: Vec<String> = choices
                    .iter()
                    .zip(&about)
                    .map(|((n, _), d)| format!("- `{n}`: {d}"))
                    .collect();
                let description = match map.get("description").and_then(Value::as_str) {
                    Some(text) => format!("{text}\n\n{}", listed.join("\n")),
                    None => listed.join("\n"),
                };
                map.remove("oneOf");
                map.insert("type".into(), "string".into());
                map.insert("enum".into(), Value::Array(names));
                map.insert("enumDescriptions".into(), about.into());
                map.insert("description".into(), description.into());
            }
            map.values_mut().for_each(consts_to_enums);
        }
        Value::Array(items) => items.iter_mut().for_each(consts_to_enums),
        _ => {}
    }
}
