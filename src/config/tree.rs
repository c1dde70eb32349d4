//! The raw stage of loading: a TOML document as a tree of values that
//! remember the file and bytes they came from, merged across `extends`.

use std::collections::{HashMap, HashSet};

use toml::de::{DeTable, DeValue};

use crate::diagnostics::Span;

/// Where a value was written: which loaded file, which bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Origin {
    /// Index of the file in the loader's list (0 = the file being loaded).
    pub file: usize,
    /// The bytes of the value (or key) in that file.
    pub span: Span,
}

/// One step of a path into a ruleset tree: a table key or an array index.
///
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A table key.
    Key(&'a str),
    /// An array index.
    At(usize),
}

/// A TOML value with its origin.
#[derive(Clone, Debug)]
pub struct Node {
    /// The value.
    pub kind: NodeKind,
    /// Where it was written.
    pub at: Origin,
}

/// The kinds of TOML value.
#[derive(Clone, Debug)]
pub enum NodeKind {
    /// A string.
    Str(String),
    /// An integer; `None` when it does not fit 64 bits.
    Int(Option<i64>),
    /// A float.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A date or time, kept as written.
    Datetime(String),
    /// An array.
    Array(Vec<Node>),
    /// A table.
    Table(Vec<Entry>),
}

/// One `key = value` of a table.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// Where the key was written.
    pub key_at: Origin,
    /// The value.
    pub value: Node,
}

impl NodeKind {
    /// The TOML name of this kind of value, for messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            NodeKind::Str(_) => "a string",
            NodeKind::Int(_) => "an integer",
            NodeKind::Float(_) => "a float",
            NodeKind::Bool(_) => "a boolean",
            NodeKind::Datetime(_) => "a date-time",
            NodeKind::Array(_) => "an array",
            NodeKind::Table(_) => "a table",
        }
    }
}

impl Node {
    /// The origin of the bytes `start..end` of this string's value, inside
    /// its quotes, when `source` (the text of the file it was written in)
    /// shows it written without escapes; `None` otherwise.
    pub fn inside_string(&self, source: &str, start: usize, end: usize) -> Option<Origin> {
        let NodeKind::Str(value) = &self.kind else {
            return None;
        };
        let raw = source.get(self.at.span.start..self.at.span.end.min(source.len()))?;
        let mut open = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            3
        } else {
            1
        };
        if open == 3 && raw[3..].starts_with('\n') {
            open += 1;
        }
        (raw.get(open..open + value.len()) == Some(value.as_str())).then(|| Origin {
            file: self.at.file,
            span: Span {
                start: self.at.span.start + open + start,
                end: self.at.span.start + open + end,
            },
        })
    }

    /// Reads a parsed document of file number `file`.
    pub fn from_document(table: &toml::Spanned<DeTable<'_>>, file: usize) -> Node {
        Node {
            kind: table_kind(table.get_ref(), file),
            at: origin(file, table.span()),
        }
    }

    fn from_value(value: &toml::Spanned<DeValue<'_>>, file: usize) -> Node {
        let kind = match value.get_ref() {
            DeValue::String(s) => NodeKind::Str(s.to_string()),
            DeValue::Integer(i) => NodeKind::Int(i64::from_str_radix(i.as_str(), i.radix()).ok()),
            DeValue::Float(f) => NodeKind::Float(f.as_str().parse().unwrap_or(f64::NAN)),
            DeValue::Boolean(b) => NodeKind::Bool(*b),
            DeValue::Datetime(d) => NodeKind::Datetime(d.to_string()),
            DeValue::Array(items) => {
                NodeKind::Array(items.iter().map(|v| Node::from_value(v, file)).collect())
            }
            DeValue::Table(table) => table_kind(table, file),
        };
        Node {
            kind,
            at: origin(file, value.span()),
        }
    }

    /// The entries, when this is a table.
    pub fn entries(&self) -> &[Entry] {
        match &self.kind {
            NodeKind::Table(entries) => entries,
            _ => &[],
        }
    }

    /// The entry `key` of this table.
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries().iter().find(|e| e.key == key)
    }

    /// The value at `key` of this table.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.entry(key).map(|e| &e.value)
    }

    /// The value one `step` below this one, if it is written.
    pub fn child(&self, step: Step) -> Option<&Node> {
        match step {
            Step::Key(key) => self.get(key),
            Step::At(index) => self.items().get(index),
        }
    }

    /// The value at `path` below this one, if every step of it is written.
    pub fn find(&self, path: &[Step]) -> Option<&Node> {
        path.iter().try_fold(self, |node, &step| node.child(step))
    }

    /// The value at `path` below this one, or its nearest written ancestor
    /// where a value took its default (where a diagnostic should point).
    pub fn nearest(&self, path: &[Step]) -> &Node {
        self.descend(path, |node, &step| node.child(step))
    }

    /// The node reached by taking `path`'s steps with `child` as far as
    /// they are written.
    fn descend<'a, S>(
        &'a self,
        path: &[S],
        child: impl Fn(&'a Node, &S) -> Option<&'a Node>,
    ) -> &'a Node {
        let mut node = self;
        for step in path {
            match child(node, step) {
                Some(next) => node = next,
                None => break,
            }
        }
        node
    }

    /// The value one `segment` below this one, a path segment written as
    /// text: a number is an index where this is an array, a key elsewhere.
    pub fn child_named(&self, segment: &str) -> Option<&Node> {
        match (&self.kind, segment.parse::<usize>()) {
            (NodeKind::Array(items), Ok(index)) => items.get(index),
            _ => self.get(segment),
        }
    }

    /// [`Node::find`] for a path written as text ([`Node::child_named`]).
    pub fn find_named(&self, path: &[&str]) -> Option<&Node> {
        path.iter()
            .try_fold(self, |node, segment| node.child_named(segment))
    }

    /// [`Node::nearest`] for a path written as text ([`Node::child_named`]).
    ///
    /// ```
    /// use relic::config::tree::{Node, Origin, Step};
    /// let value: toml::Value = toml::from_str("[[kinds]]\nname = \"rock\"\n").unwrap();
    /// let root = Node::from_plain(&value, Origin::default());
    /// let name = root.nearest_named(&["kinds", "0", "name"]);
    /// assert!(std::ptr::eq(name, root.nearest(&[Step::Key("kinds"), Step::At(0), Step::Key("name")])));
    /// // "glyph" is not written: the diagnostic points at the kind's table
    /// let kind = root.nearest_named(&["kinds", "0", "glyph"]);
    /// assert!(std::ptr::eq(kind, root.find_named(&["kinds", "0"]).unwrap()));
    /// ```
    pub fn nearest_named(&self, path: &[&str]) -> &Node {
        self.descend(path, |node, segment| node.child_named(segment))
    }

    /// The string this table's `name` key holds (an item of an array of
    /// tables such as `[[kinds]]` is known by it), if any.
    pub fn name(&self) -> Option<&str> {
        match &self.get("name")?.kind {
            NodeKind::Str(name) => Some(name),
            _ => None,
        }
    }

    /// The item of this array whose `name` is `name`.
    ///
    /// ```
    /// use relic::config::tree::{Node, Origin};
    /// let value: toml::Value =
    ///     toml::from_str("[[kinds]]\nname = \"rock\"\n[[kinds]]\nname = \"gem\"\n").unwrap();
    /// let root = Node::from_plain(&value, Origin::default());
    /// let kinds = root.get("kinds").unwrap();
    /// assert!(std::ptr::eq(kinds.item_named("gem").unwrap(), &kinds.items()[1]));
    /// assert_eq!(kinds.items()[0].name(), Some("rock"));
    /// ```
    pub fn item_named(&self, name: &str) -> Option<&Node> {
        self.items().iter().find(|item| item.name() == Some(name))
    }

    /// The items, when this is an array.
    pub fn items(&self) -> &[Node] {
        match &self.kind {
            NodeKind::Array(items) => items,
            _ => &[],
        }
    }

    /// Removes and returns the entry `key` of this table.
    pub fn take(&mut self, key: &str) -> Option<Entry> {
        let NodeKind::Table(entries) = &mut self.kind else {
            return None;
        };
        let index = entries.iter().position(|e| e.key == key)?;
        Some(entries.remove(index))
    }

    /// Removes the entry at `path` (table keys, outermost first); when a
    /// step is not written, how many steps before it were.
    ///
    /// ```
    /// use relic::config::tree::{Node, Origin};
    /// let value: toml::Value = toml::from_str("[board]\nwidth = 3\nheight = 2").unwrap();
    /// let mut node = Node::from_plain(&value, Origin::default());
    /// assert!(node.remove_path(&["board", "width"]).is_ok());
    /// assert_eq!(node.remove_path(&["board", "width"]).unwrap_err(), 1);
    /// assert_eq!(node.remove_path(&["rules"]).unwrap_err(), 0);
    /// ```
    pub fn remove_path(&mut self, path: &[&str]) -> Result<Entry, usize> {
        let (last, above) = path.split_last().ok_or(0usize)?;
        let mut node = self;
        for (depth, key) in above.iter().enumerate() {
            let NodeKind::Table(entries) = &mut node.kind else {
                return Err(depth);
            };
            let entry = entries.iter_mut().find(|e| e.key == *key).ok_or(depth)?;
            node = &mut entry.value;
        }
        node.take(last).ok_or(above.len())
    }

    /// Deep-merges `child` over this node: tables merge key by key, every
    /// other value (arrays included) replaces this one's.
    pub fn merge(&mut self, child: Node) {
        let at = child.at;
        match (&mut self.kind, child.kind) {
            (NodeKind::Table(parent), NodeKind::Table(entries)) => {
                let mut index: HashMap<String, usize> = parent
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (e.key.clone(), i))
                    .collect();
                for entry in entries {
                    match index.get(&entry.key) {
                        Some(&i) => {
                            parent[i].key_at = entry.key_at;
                            parent[i].value.merge(entry.value);
                        }
                        None => {
                            index.insert(entry.key.clone(), parent.len());
                            parent.push(entry);
                        }
                    }
                }
                self.at = at;
            }
            (_, kind) => *self = Node { kind, at },
        }
    }

    /// Keeps only the entries of this table for which `keep` is true.
    pub fn retain_entries(&mut self, keep: impl FnMut(&Entry) -> bool) {
        if let NodeKind::Table(entries) = &mut self.kind {
            entries.retain(keep);
        }
    }

    /// Whether this node, a key or a value inside it, is at one of `origins`.
    pub fn contains_any(&self, origins: &HashSet<Origin>) -> bool {
        origins.contains(&self.at)
            || self.items().iter().any(|item| item.contains_any(origins))
            || self
                .entries()
                .iter()
                .any(|e| origins.contains(&e.key_at) || e.value.contains_any(origins))
    }

    /// Writes `value` at `path` (tables made as needed), marked as written
    /// at `at`; a table on the way that was written in a farther file
    /// (a higher index) is marked as written at `at` too.
    pub fn set_path(&mut self, path: &[&str], value: &toml::Value, at: Origin) {
        let Some((key, rest)) = path.split_first() else {
            *self = Node::from_plain(value, at);
            return;
        };
        let NodeKind::Table(entries) = &mut self.kind else {
            return;
        };
        let index = match entries.iter().position(|e| e.key == *key) {
            Some(index) => index,
            None => {
                let value = Node {
                    kind: NodeKind::Table(Vec::new()),
                    at,
                };
                let key = (*key).to_owned();
                entries.push(Entry {
                    key,
                    key_at: at,
                    value,
                });
                entries.len() - 1
            }
        };
        let entry = &mut entries[index];
        if rest.is_empty() || entry.value.at.file > at.file {
            entry.key_at = at;
            entry.value.at = at;
        }
        entry.value.set_path(rest, value, at);
    }

    /// A plain TOML value as a node, every part of it written at `at`.
    pub fn from_plain(value: &toml::Value, at: Origin) -> Node {
        let kind = match value {
            toml::Value::String(s) => NodeKind::Str(s.clone()),
            toml::Value::Integer(i) => NodeKind::Int(Some(*i)),
            toml::Value::Float(f) => NodeKind::Float(*f),
            toml::Value::Boolean(b) => NodeKind::Bool(*b),
            toml::Value::Datetime(d) => NodeKind::Datetime(d.to_string()),
            toml::Value::Array(items) => {
                NodeKind::Array(items.iter().map(|v| Node::from_plain(v, at)).collect())
            }
            toml::Value::Table(table) => NodeKind::Table(
                (table.iter())
                    .map(|(k, v)| Entry {
                        key: k.clone(),
                        key_at: at,
                        value: Node::from_plain(v, at),
                    })
                    .collect(),
            ),
        };
        Node { kind, at }
    }

    /// The plain TOML value, for serde.
    pub fn to_value(&self) -> toml::Value {
        match &self.kind {
            NodeKind::Str(s) => toml::Value::String(s.clone()),
            NodeKind::Int(i) => toml::Value::Integer(i.unwrap_or(i64::MAX)),
            NodeKind::Float(f) => toml::Value::Float(*f),
            NodeKind::Bool(b) => toml::Value::Boolean(*b),
            NodeKind::Datetime(d) => toml::Value::String(d.clone()),
            NodeKind::Array(items) => {
                toml::Value::Array(items.iter().map(Node::to_value).collect())
            }
            NodeKind::Table(entries) => toml::Value::Table(
                entries
                    .iter()
                    .map(|e| (e.key.clone(), e.value.to_value()))
                    .collect(),
            ),
        }
    }
}

fn table_kind(table: &DeTable<'_>, file: usize) -> NodeKind {
    let entries = table
        .iter()
        .map(|(key, value)| Entry {
            key: key.get_ref().to_string(),
            key_at: origin(file, key.span()),
            value: Node::from_value(value, file),
        })
        .collect();
    NodeKind::Table(entries)
}

fn origin(file: usize, range: std::ops::Range<usize>) -> Origin {
    Origin {
        file,
        span: Span::new(range.start, range.end),
    }
}
