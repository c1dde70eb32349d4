//! Checking the raw tree against the ruleset's JSON Schema (generated from
//! the serde types in `schema.rs`, so the two never disagree): unknown and
//! missing keys, types, options and ranges. Every problem is reported.

use serde_json::Value;

use super::error::RulesetError;
use super::tree::{Node, NodeKind, Origin};

/// A problem and the file it points into.
pub type SchemaProblem = (usize, RulesetError);

/// The miette span of `at`.
pub fn source_span(at: Origin) -> miette::SourceSpan {
    (at.span.start, at.span.len()).into()
}

/// The candidate closest to `word`, if any is close enough to suggest.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(word, c), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// The most names a help line lists; past it, the nearest to the word
/// written are listed and the rest counted (where only one would be left
/// to count, it is listed instead of "and 1 more").
pub const MAX_NAMES: usize = 5;

/// `did you mean ...? ` followed by `what: a, b, c`: every candidate when
/// there are at most one more than [`MAX_NAMES`], else the nearest ones and
/// how many more there are.
///
/// ```
/// use relic::config::validate::suggestion_help;
/// let help = suggestion_help("thre", "the sizes are", &["one", "two", "three"]);
/// assert_eq!(help, "did you mean `three`? the sizes are: `one`, `two`, `three`");
/// let many = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"];
/// let help = suggestion_help("gama", "the letters are", &many);
/// assert!(help.starts_with("did you mean `gamma`? the letters are: `gamma`, "), "{help}");
/// assert!(help.ends_with(" and 3 more"), "{help}");
/// // One name more than the cap is listed, never "and 1 more".
/// let six = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];
/// let help = suggestion_help("gama", "the letters are", &six);
/// assert!(help.ends_with("`epsilon`, `zeta`"), "{help}");
/// ```
pub fn suggestion_help(word: &str, what: &str, candidates: &[&str]) -> String {
    let mut unique: Vec<&str> = Vec::new();
    for candidate in candidates {
        if !unique.contains(candidate) {
            unique.push(candidate);
        }
    }
    let candidates = unique.as_slice();
    let mut listed = candidates.to_vec();
    if listed.len() > MAX_NAMES + 1 {
        let score = |c: &str| strsim::jaro_winkler(word, c);
        listed.sort_by(|a, b| score(b).total_cmp(&score(a)));
        listed.truncate(MAX_NAMES);
    }
    let mut list = (listed.iter())
        .map(|c| format!("`{c}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if candidates.len() > listed.len() {
        list.push_str(&format!(" and {} more", candidates.len() - listed.len()));
    }
    match suggest(word, candidates.iter().copied()) {
        Some(best) => format!("did you mean `{best}`? {what}: {list}"),
        None => format!("{what}: {list}"),
    }
}

/// Checks `root` (a whole ruleset) against `schema`; appends problems.
pub fn check_tree(root: &Node, schema: &Value, problems: &mut Vec<SchemaProblem>) {
    let checker = Checker { schema };
    checker.check(root, schema, "", "", problems);
}

struct Checker<'a> {
    schema: &'a Value,
}

impl Checker<'_> {
    /// Follows `$ref` and a single-entry `allOf` to the schema proper.
    fn resolve<'s>(&'s self, mut schema: &'s Value) -> &'s Value {
        loop {
            if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
                let name = reference.trim_start_matches("#/definitions/");
                schema = &self.schema["definitions"][name];
            } else if let Some([only]) = schema
                .get("allOf")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
            {
                schema = only;
            } else {
                return schema;
            }
        }
    }

    fn check(
        &self,
        node: &Node,
        schema: &Value,
        path: &str,
        about: &str,
        out: &mut Vec<SchemaProblem>,
    ) {
        let schema = self.resolve(schema);
        if let Some(options) = schema.get("enum").and_then(Value::as_array) {
            self.check_option(node, options, path, about, out);
            return;
        }
        let Some(expected) = self.type_mismatch(node, schema) else {
            match &node.kind {
                NodeKind::Int(value) => check_number(node, *value, schema, path, about, out),
                NodeKind::Str(text) => check_length(node, text, schema, path, about, out),
                NodeKind::Array(items) => self.check_array(node, items, schema, path, about, out),
                NodeKind::Table(_) => self.check_table(node, schema, path, out),
                _ => {}
            }
            return;
        };
        out.push(wrong_type(node, path, &expected, about));
    }

    /// The expected type, as words, if `node` is not of a type `schema` allows.
    fn type_mismatch(&self, node: &Node, schema: &Value) -> Option<String> {
        let types: Vec<&str> = match schema.get("type") {
            Some(Value::String(one)) => vec![one.as_str()],
            Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
            _ => return None,
        };
        let found = match node.kind {
            NodeKind::Str(_) => "string",
            NodeKind::Int(_) => "integer",
            NodeKind::Float(_) => "number",
            NodeKind::Bool(_) => "boolean",
            NodeKind::Datetime(_) => "date-time",
            NodeKind::Array(_) => "array",
            NodeKind::Table(_) => "object",
        };
        if types.contains(&found) {
            return None;
        }
        let words: Vec<&str> = types
            .iter()
            .filter_map(|t| match *t {
                "string" if schema.get("maxLength") == Some(&Value::from(1)) => {
                    Some("a one-letter string")
                }
                "string" => Some("a string"),
                "integer" => Some("an integer"),
                "boolean" => Some("a boolean (true or false)"),
                "array" => Some("an array"),
                "object" => Some("a table"),
                _ => None,
            })
            .collect();
        Some(words.join(" or "))
    }

    fn check_option(
        &self,
        node: &Node,
        options: &[Value],
        path: &str,
        about: &str,
        out: &mut Vec<SchemaProblem>,
    ) {
        let names: Vec<&str> = options.iter().filter_map(Value::as_str).collect();
        let NodeKind::Str(value) = &node.kind else {
            let expected = format!("one of the strings {}", quoted(&names));
            out.push(wrong_type(node, path, &expected, about));
            return;
        };
        if !names.contains(&value.as_str()) {
            let error = RulesetError::UnknownOption {
                key: path.to_owned(),
                value: value.clone(),
                span: source_span(node.at),
                help: suggestion_help(value, "the options are", &names),
            };
            out.push((node.at.file, error));
        }
    }

    fn check_array(
        &self,
        node: &Node,
        items: &[Node],
        schema: &Value,
        path: &str,
        about: &str,
        out: &mut Vec<SchemaProblem>,
    ) {
        let count = items.len() as i64;
        let (min, max) = bounds(schema, "minItems", "maxItems");
        if min.is_some_and(|m| count < m) || max.is_some_and(|m| count > m) {
            let error = RulesetError::OutOfRange {
                key: path.to_owned(),
                value: plural(items.len(), "entry", "entries"),
                bounds: bound_words(min, max, "entries"),
                span: source_span(node.at),
                about: about.to_owned(),
            };
            out.push((node.at.file, error));
        }
        if let Some(item_schema) = schema.get("items") {
            for (index, item) in items.iter().enumerate() {
                self.check(item, item_schema, &format!("{path}[{index}]"), about, out);
            }
        }
    }

    fn check_table(&self, node: &Node, schema: &Value, path: &str, out: &mut Vec<SchemaProblem>) {
        let empty = serde_json::Map::new();
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let known: Vec<&str> = properties.keys().map(String::as_str).collect();
        for entry in node.entries() {
            let child_path = join(path, &entry.key);
            match properties.get(&entry.key) {
                Some(property) => {
                    let about = first_sentence(property);
                    self.check(&entry.value, property, &child_path, &about, out);
                }
                // A map (`BTreeMap` in the serde types): any key, each
                // value checked against one schema.
                None => match schema.get("additionalProperties").filter(|s| s.is_object()) {
                    Some(values) => self.check(&entry.value, values, &child_path, "", out),
                    None => out.push((entry.key_at.file, unknown_key(entry, path, &known))),
                },
            }
        }
        let required = schema.get("required").and_then(Value::as_array);
        for key in required.into_iter().flatten().filter_map(Value::as_str) {
            if node.get(key).is_none() {
                let error = RulesetError::MissingKey {
                    key: key.to_owned(),
                    table: table_name(path),
                    span: source_span(node.at),
                    about: first_sentence(&properties[key]),
                };
                out.push((node.at.file, error));
            }
        }
    }
}

fn check_number(
    node: &Node,
    value: Option<i64>,
    schema: &Value,
    path: &str,
    about: &str,
    out: &mut Vec<SchemaProblem>,
) {
    let (min, max) = bounds(schema, "minimum", "maximum");
    let fits = value.is_some_and(|v| min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m));
    if !fits {
        let error = RulesetError::OutOfRange {
            key: path.to_owned(),
            value: value.map_or_else(|| "too large".to_owned(), |v| v.to_string()),
            bounds: bound_words(min, max, ""),
            span: source_span(node.at),
            about: about.to_owned(),
        };
        out.push((node.at.file, error));
    }
}

fn check_length(
    node: &Node,
    text: &str,
    schema: &Value,
    path: &str,
    about: &str,
    out: &mut Vec<SchemaProblem>,
) {
    let length = text.chars().count();
    let (min, max) = bounds(schema, "minLength", "maxLength");
    let count = length as i64;
    if min.is_some_and(|m| count < m) || max.is_some_and(|m| count > m) {
        let error = RulesetError::OutOfRange {
            key: path.to_owned(),
            value: format!("{text:?} ({})", plural(length, "character", "characters")),
            bounds: bound_words(min, max, "characters"),
            span: source_span(node.at),
            about: about.to_owned(),
        };
        out.push((node.at.file, error));
    }
}

fn wrong_type(node: &Node, path: &str, expected: &str, about: &str) -> SchemaProblem {
    let error = RulesetError::WrongType {
        key: path.to_owned(),
        expected: expected.to_owned(),
        found: node.kind.type_name().to_owned(),
        span: source_span(node.at),
        about: about.to_owned(),
    };
    (node.at.file, error)
}

fn unknown_key(entry: &super::tree::Entry, path: &str, known: &[&str]) -> RulesetError {
    let table = table_name(path);
    RulesetError::UnknownKey {
        key: entry.key.clone(),
        help: suggestion_help(&entry.key, &format!("the keys of {table} are"), known),
        table,
        span: source_span(entry.key_at),
    }
}

fn bounds(schema: &Value, min: &str, max: &str) -> (Option<i64>, Option<i64>) {
    (
        schema.get(min).and_then(Value::as_i64),
        schema.get(max).and_then(Value::as_i64),
    )
}

/// `but must be 1 to 13`, `but must be at most 4 entries`, ...
fn bound_words(min: Option<i64>, max: Option<i64>, unit: &str) -> String {
    let unit = |n: i64| match unit {
        "" => String::new(),
        _ if n == 1 => format!(" {}", unit.trim_end_matches('s').replace("entrie", "entry")),
        _ => format!(" {unit}"),
    };
    match (min, max) {
        (Some(a), Some(b)) if a == b => format!("but must be exactly {a}{}", unit(a)),
        (Some(a), Some(b)) => format!("but must be {a} to {b}{}", unit(b)),
        (Some(a), None) => format!("but must be at least {a}{}", unit(a)),
        (None, Some(b)) => format!("but must be at most {b}{}", unit(b)),
        (None, None) => "out of range".to_owned(),
    }
}

fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

fn quoted(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

/// How a table is named in messages: `[board]`, `players[1]`, `the top level`.
fn table_name(path: &str) -> String {
    if path.is_empty() {
        "the top level".to_owned()
    } else if path.contains('[') {
        path.to_owned()
    } else {
        format!("[{path}]")
    }
}

/// The first sentence of a schema's description, to explain a key.
fn first_sentence(schema: &Value) -> String {
    let description = schema
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or("");
    let flat = description.replace('\n', " ");
    match flat.find(". ") {
        Some(end) => flat[..=end].to_owned(),
        None => flat,
    }
}
