//! The reference entry of any key and enum value of a ruleset, read from
//! the game's JSON Schema (`relic rules schema GAME`, generated from the
//! doc comments of the serde types that `rulesets/README.md` also
//! documents): what `relic rules explain` words a ruleset with, and what
//! the language server shows on hover and offers as completions.

use serde_json::Value;

use crate::games::{GameId, json_schema_of};

/// One step of a path into a ruleset: a key, or an index in an array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A table's key.
    Key(String),
    /// An array's item.
    Index(usize),
}

/// A game's ruleset schema, for looking keys up.
///
/// ```
/// use relic::games::GameId;
/// use relic::rulebook::schema_doc::{SchemaDoc, Step};
/// let doc = SchemaDoc::of(GameId::Vocabulary);
/// let path = [Step::Key("actions".into()), Step::Index(0), Step::Key("mechanic".into())];
/// assert!(doc.node(&path).is_some());
/// assert!(doc.summary(&path).unwrap().starts_with("The mechanic"));
/// let values = doc.choices_at(&path);
/// assert!(values.iter().any(|(v, about)| v == "place" && about.contains("reserve")));
/// ```
#[derive(Clone, Debug)]
pub struct SchemaDoc {
    root: Value,
}

impl SchemaDoc {
    /// The schema of `game`'s rulesets.
    pub fn of(game: GameId) -> SchemaDoc {
        SchemaDoc {
            root: json_schema_of(game),
        }
    }

    /// The schema node at `path`, with `$ref`s followed; `None` when the
    /// schema has no such key.
    pub fn node(&self, path: &[Step]) -> Option<&Value> {
        let mut node = self.resolve(&self.root);
        for step in path {
            node = self.child(node, step)?;
        }
        Some(node)
    }

    /// The description of the key at `path` (the property's own words
    /// before those of its type), whole.
    pub fn description(&self, path: &[Step]) -> Option<String> {
        let (last, parent) = path.split_last()?;
        let parent = self.node(parent)?;
        let property = self.raw_child(parent, last)?;
        let own = property.get("description").and_then(Value::as_str);
        let text = own.or_else(|| {
            let resolved = self.resolve(property);
            resolved.get("description").and_then(Value::as_str)
        })?;
        Some(text.to_owned())
    }

    /// The first paragraph of the key's description, on one line.
    pub fn summary(&self, path: &[Step]) -> Option<String> {
        let text = self.description(path)?;
        let first = text.split("\n\n").next().unwrap_or_default();
        Some(first.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// The values an enum node takes, each with its description (empty
    /// when it has none).
    pub fn choices(node: &Value) -> Vec<(String, String)> {
        let Some(values) = node.get("enum").and_then(Value::as_array) else {
            return Vec::new();
        };
        let about = node.get("enumDescriptions").and_then(Value::as_array);
        (values.iter().enumerate())
            .filter_map(|(i, v)| {
                let text = about.and_then(|a| a.get(i)).and_then(Value::as_str);
                Some((v.as_str()?.to_owned(), text.unwrap_or_default().to_owned()))
            })
            .collect()
    }

    /// The description of `value` at `path` when the key takes a choice of
    /// words (`mechanic = "place"`: "Put a piece from the player's reserve
    /// on the board.").
    pub fn value_description(&self, path: &[Step], value: &str) -> Option<String> {
        let (_, about) = self
            .choices_at(path)
            .into_iter()
            .find(|(v, _)| v == value)?;
        (!about.is_empty()).then_some(about)
    }

    /// The words the key at `path` takes (of its type, of the branches of
    /// an optional or wrapped type, or of its items for an array of
    /// words), each with its description.
    pub fn choices_at(&self, path: &[Step]) -> Vec<(String, String)> {
        let Some(node) = self.node(path) else {
            return Vec::new();
        };
        let direct = Self::choices(node);
        if !direct.is_empty() {
            return direct;
        }
        let branches = self.branch_choices(node);
        if !branches.is_empty() {
            return branches;
        }
        match node.get("items") {
            Some(items) => {
                let items = self.resolve(items);
                let direct = Self::choices(items);
                if direct.is_empty() {
                    self.branch_choices(items)
                } else {
                    direct
                }
            }
            None => Vec::new(),
        }
    }

    /// The keys a table at `path` takes, each with its summary, in the
    /// schema's order.
    pub fn keys(&self, path: &[Step]) -> Vec<(String, String)> {
        let Some(node) = self.node(path) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.collect_keys(node, &mut out);
        out
    }

    fn collect_keys(&self, node: &Value, out: &mut Vec<(String, String)>) {
        if let Some(properties) = node.get("properties").and_then(Value::as_object) {
            for (key, property) in properties {
                let text = (property.get("description"))
                    .or_else(|| self.resolve(property).get("description"))
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let first = text.split("\n\n").next().unwrap_or_default();
                if !out.iter().any(|(k, _)| k == key) {
                    out.push((
                        key.clone(),
                        first.split_whitespace().collect::<Vec<_>>().join(" "),
                    ));
                }
            }
        }
        for branch in branches(node) {
            self.collect_keys(self.resolve(branch), out);
        }
    }

    /// The choices of the branches of an `anyOf` (an optional enum).
    fn branch_choices(&self, node: &Value) -> Vec<(String, String)> {
        branches(node)
            .flat_map(|branch| Self::choices(self.resolve(branch)))
            .collect()
    }

    /// `node` with `$ref`s followed (and a lone `allOf` branch).
    fn resolve<'a>(&'a self, mut node: &'a Value) -> &'a Value {
        for _ in 0..16 {
            if let Some(target) = node.get("$ref").and_then(Value::as_str) {
                match self.definition(target) {
                    Some(found) => node = found,
                    None => return node,
                }
            } else {
                return node;
            }
        }
        node
    }

    fn definition(&self, reference: &str) -> Option<&Value> {
        let name = reference.strip_prefix("#/definitions/")?;
        self.root.get("definitions")?.get(name)
    }

    /// The property (or item) schema for `step` as written, not resolved.
    fn raw_child<'a>(&'a self, node: &'a Value, step: &Step) -> Option<&'a Value> {
        let direct = match step {
            Step::Key(key) => (node.get("properties").and_then(|p| p.get(key)))
                .or_else(|| node.get("additionalProperties").filter(|a| a.is_object()))
                .or_else(|| {
                    let items = self.resolve(node.get("items")?);
                    self.raw_child(items, step)
                }),
            Step::Index(_) => node.get("items"),
        };
        direct.or_else(|| {
            branches(node).find_map(|branch| self.raw_child(self.resolve(branch), step))
        })
    }

    fn child<'a>(&'a self, node: &'a Value, step: &Step) -> Option<&'a Value> {
        self.raw_child(node, step).map(|child| self.resolve(child))
    }
}

/// The branches of a node's `anyOf`, `oneOf` and `allOf`.
fn branches(node: &Value) -> impl Iterator<Item = &Value> {
    ["anyOf", "oneOf", "allOf"]
        .into_iter()
        .filter_map(|k| node.get(k).and_then(Value::as_array))
        .flatten()
}
