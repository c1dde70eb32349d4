//! Inside the rules strings of a core ruleset (`game = "core"`: `rules`,
//! `no_move_rules`, `spellings`, each refusal's `rules` and each
//! `[macros]` value): the names written there,
//! read by the core parser ([`crate::lang::parse::parse_rules`], each
//! with its [`Spot`](crate::lang::ast::Spot)), and what each refers to in
//! the file: a macro (its definition), a kind (its declaration), a
//! direction (the step it takes, per player for a declared one), a
//! player or a variable. Hover, go to definition and completion use them.

use crate::config::tree::{Node, NodeKind};
use crate::lang::ast::{Bound, Expr, Item, Name, VExpr};
use crate::lang::schema::Shape;

use super::complete::Completion;

/// The compass directions of the file's board (its `[board] shape`).
fn compass(root: &Node) -> impl Iterator<Item = &'static str> {
    let shape = match root
        .get("board")
        .and_then(|b| b.get("shape"))
        .map(|s| &s.kind)
    {
        Some(NodeKind::Str(s)) if s == "hex" => Shape::Hex,
        Some(NodeKind::Str(s)) if s == "graph" => Shape::Graph,
        _ => Shape::Square,
    };
    crate::lang::board::compass(shape)
}

/// A compass direction's step in words: `ne` is "one step north-east".
fn in_words(direction: &str) -> String {
    let points: Vec<&str> = (direction.chars())
        .map(|c| match c {
            'n' => "north",
            'e' => "east",
            's' => "south",
            _ => "west",
        })
        .collect();
    format!("one step {}", points.join("-"))
}

/// What a name of the rules refers to: a short description and, when it
/// is declared in the file, the bytes of its declaration.
struct Meaning {
    about: String,
    at: Option<(usize, usize)>,
}

/// The rules string holding byte `offset` of core ruleset `text`: its
/// decoded text and the byte of `text` where its content starts.
fn rules_string(root: &Node, text: &str, offset: usize) -> Option<(String, usize)> {
    let inside = |node: &Node| node.at.span.start < offset && offset < node.at.span.end;
    let mut strings: Vec<&Node> = ["rules", "no_move_rules", "repetition_rules", "spellings"]
        .iter()
        .filter_map(|k| root.get(k))
        .collect();
    let refusals = root.get("refusals").map(Node::entries).unwrap_or_default();
    strings.extend(refusals.iter().filter_map(|e| e.value.get("rules")));
    strings.extend(
        root.get("macros")
            .map(Node::entries)
            .unwrap_or_default()
            .iter()
            .map(|e| &e.value),
    );
    let node = strings.into_iter().find(|n| inside(n))?;
    let NodeKind::Str(value) = &node.kind else {
        return None;
    };
    let start = node.inside_string(text, 0, 0)?.span.start;
    Some((value.clone(), start))
}

/// Whether `text` is a core ruleset.
fn is_core(root: &Node) -> bool {
    matches!(root.get("game").map(|g| &g.kind), Some(NodeKind::Str(g)) if g == "core")
}

/// The name under byte `offset` of a rules string of `text`, with the
/// byte it starts at in `text`.
fn name_at(root: &Node, text: &str, offset: usize) -> Option<(String, usize)> {
    let offset = super::setup_words::boundary(text, offset);
    let (rules, start) = rules_string(root, text, offset)?;
    let at = offset.checked_sub(start)?;
    rules.is_char_boundary(at).then_some(())?;
    let mut names = Vec::new();
    if let Ok(expr) = crate::lang::parse::parse_rules(&rules, 0) {
        names_of(&expr, &mut names);
    }
    if let Some(name) =
        (names.iter()).find(|n| n.at.start as usize <= at && at <= n.at.end as usize)
    {
        return Some((name.text.clone(), start + name.at.start as usize));
    }
    // A text that does not read yet (as it is typed): the word there.
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let from = (rules[..at].char_indices().rev())
        .find(|(_, c)| !word(*c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let to = rules[at..]
        .find(|c| !word(c))
        .map_or(rules.len(), |i| at + i);
    (from < to).then(|| (rules[from..to].to_owned(), start + from))
}

/// Every name written in `expr`, in order.
fn names_of(expr: &Expr, out: &mut Vec<Name>) {
    let items = |items: &[Item], out: &mut Vec<Name>| {
        for item in items {
            out.extend(item.owner.iter().cloned());
            out.push(item.name.clone());
        }
    };
    match expr {
        Expr::Seq(all) | Expr::Alt(all) => all.iter().for_each(|e| names_of(e, out)),
        Expr::Repeat { body, .. } | Expr::Greedy(body, _) | Expr::Back(body) => names_of(body, out),
        Expr::Counted { body, min, max, .. } => {
            for bound in std::iter::once(min).chain(max) {
                if let Bound::Param(name) = bound {
                    out.push(name.clone());
                }
            }
            names_of(body, out);
        }
        Expr::Pattern { body, .. } | Expr::Once(body, _) | Expr::Reach(body, ..) => {
            names_of(body, out)
        }
        Expr::Scan(dirs, body, _) => {
            out.extend(dirs.iter().cloned());
            names_of(body, out);
        }
        Expr::Stack(_, kind, _) => out.extend(kind.iter().cloned()),
        Expr::Test(list, _) => items(list, out),
        Expr::Set(item) => items(std::slice::from_ref(item), out),
        Expr::Switch(name) | Expr::Goto(name) => out.push(name.clone()),
        Expr::At(cells) => out.extend(
            cells
                .iter()
                .flat_map(|(a, b)| [Some(a), b.as_ref()])
                .flatten()
                .cloned(),
        ),
        Expr::Mark(name, _) => out.extend(name.iter().cloned()),
        Expr::Cost(..) | Expr::Number(..) => {}
        Expr::End(how, who) => out.extend([Some(how.clone()), who.clone()].into_iter().flatten()),
        Expr::VarTest(all) => all.iter().for_each(|c| {
            value_names(&c.left, out);
            value_names(&c.right, out);
        }),
        Expr::Assign(all) => all.iter().for_each(|a| {
            out.extend([Some(a.var.clone()), a.whose.clone()].into_iter().flatten());
            value_names(&a.value, out);
        }),
        Expr::Call(name, args) => {
            out.push(name.clone());
            args.iter().for_each(|e| names_of(e, out));
        }
    }
}

fn value_names(value: &VExpr, out: &mut Vec<Name>) {
    match value {
        VExpr::Int(..) => {}
        VExpr::Var(name) => out.push(name.clone()),
        VExpr::Owned(var, whose) => out.extend([var.clone(), whose.clone()]),
        VExpr::Count(items, _) => {
            for item in items {
                out.extend(item.owner.iter().cloned());
                out.push(item.name.clone());
            }
        }
        VExpr::Add(a, _, b) | VExpr::Mul(a, _, b) => {
            value_names(a, out);
            value_names(b, out);
        }
        VExpr::Cells(body, _) => names_of(body, out),
    }
}

/// The macro named `name` (its key, `slide(d)` for one with parameters).
fn macro_entry<'a>(root: &'a Node, name: &str) -> Option<&'a crate::config::tree::Entry> {
    (root.get("macros")?.entries().iter())
        .find(|e| e.key == name || e.key.split('(').next() == Some(name))
}

/// The item of the array of tables `array` whose `name` is `name`.
fn named_item<'a>(root: &'a Node, array: &str, name: &str) -> Option<&'a Node> {
    root.get(array)?.item_named(name)
}

/// The text of an item of an array of tables: from its first key to the
/// end of its last value.
fn item_text<'a>(text: &'a str, item: &Node) -> &'a str {
    let entries = item.entries();
    let (Some(first), Some(last)) = (entries.first(), entries.last()) else {
        return "";
    };
    text.get(first.key_at.span.start..last.value.at.span.end)
        .unwrap_or("")
}

/// What `name` refers to in core ruleset `root` (of `text`).
fn meaning(root: &Node, text: &str, name: &str) -> Option<Meaning> {
    if let Some(entry) = macro_entry(root, name) {
        let body = text
            .get(entry.value.at.span.start..entry.value.at.span.end)
            .unwrap_or("");
        let about = format!("macro `{}`:\n\n```\n{} = {body}\n```", entry.key, entry.key);
        return Some(Meaning {
            about,
            at: Some((entry.key_at.span.start, entry.key_at.span.end)),
        });
    }
    for (array, what) in [("kinds", "kind"), ("variables", "variable")] {
        if let Some(item) = named_item(root, array, name) {
            let about = format!(
                "{what} `{name}`:\n\n```toml\n[[{array}]]\n{}\n```",
                item_text(text, item)
            );
            let at = item.get("name").map(|n| (n.at.span.start, n.at.span.end));
            return Some(Meaning { about, at });
        }
    }
    if let Some(entry) = root.get("directions").and_then(|d| d.entry(name)) {
        let value = text
            .get(entry.value.at.span.start..entry.value.at.span.end)
            .unwrap_or("");
        let about = format!("direction `{name}`, declared: each player's step `{value}`");
        return Some(Meaning {
            about,
            at: Some((entry.key_at.span.start, entry.key_at.span.end)),
        });
    }
    if compass(root).any(|d| d == name) {
        let about = format!("direction `{name}`: {} (a board direction)", in_words(name));
        return Some(Meaning { about, at: None });
    }
    let players = root.get("players").map(Node::items).unwrap_or_default();
    let player = players
        .iter()
        .position(|p| matches!(&p.kind, NodeKind::Str(s) if s == name))?;
    let about = format!("player `{name}`, number {} of `players`", player + 1);
    let at = players
        .get(player)
        .map(|p| (p.at.span.start, p.at.span.end));
    Some(Meaning { about, at })
}

/// The hover text for the name at byte `offset` of a rules string of
/// the core ruleset `text`.
///
/// ```
/// let text = "game = \"core\"\nrules = \"step(n)\"\n[macros]\n\"step(d)\" = \"d {empty}\"\n";
/// let words = relic::lsp::core::hover(text, 23).unwrap();
/// assert!(words.contains("macro `step(d)`") && words.contains("d {empty}"), "{words}");
/// ```
pub fn hover(text: &str, offset: usize) -> Option<String> {
    let root = crate::rulebook::tree(text);
    is_core(&root).then_some(())?;
    let (name, _) = name_at(&root, text, offset)?;
    Some(format!(
        "**`{name}`**: {}",
        meaning(&root, text, &name)?.about
    ))
}

/// The bytes where the name at byte `offset` of a rules string of the
/// core ruleset `text` is declared (a macro's key, a kind's or variable's
/// `name`, a declared direction's key, the player in `players`).
///
/// ```
/// let text = "game = \"core\"\nrules = \"step(n)\"\n[macros]\n\"step(d)\" = \"d {empty}\"\n";
/// let (start, end) = relic::lsp::core::definition(text, 23).unwrap();
/// assert_eq!(&text[start..end], "\"step(d)\"");
/// ```
pub fn definition(text: &str, offset: usize) -> Option<(usize, usize)> {
    let root = crate::rulebook::tree(text);
    is_core(&root).then_some(())?;
    let (name, _) = name_at(&root, text, offset)?;
    meaning(&root, text, &name)?.at
}

/// The names a rules string of core ruleset `text` may use at byte
/// `offset`: its macros, kinds, directions (declared and of the compass),
/// players and variables; `None` when `offset` is in no rules string.
///
/// ```
/// let text = "game = \"core\"\nplayers = [\"x\"]\nrules = \"a\"\n[[kinds]]\nname = \"stone\"\n";
/// let names = relic::lsp::core::completions(text, 39).unwrap();
/// assert!(names.iter().any(|c| c.insert == "stone"));
/// assert!(names.iter().any(|c| c.insert == "ne"));
/// ```
pub fn completions(text: &str, offset: usize) -> Option<Vec<Completion>> {
    let root = crate::rulebook::tree(text);
    is_core(&root).then_some(())?;
    rules_string(&root, text, offset)?;
    let mut names: Vec<String> = Vec::new();
    let keys = |table: &str| {
        root.get(table)
            .map(Node::entries)
            .unwrap_or_default()
            .iter()
            .map(|e| e.key.clone())
    };
    names.extend(keys("macros").map(|k| k.split('(').next().unwrap_or_default().to_owned()));
    for array in ["kinds", "variables"] {
        let items = root.get(array).map(Node::items).unwrap_or_default();
        names.extend(items.iter().filter_map(|i| match &i.get("name")?.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        }));
    }
    names.extend(keys("directions"));
    names.extend(compass(&root).map(str::to_owned));
    let players = root.get("players").map(Node::items).unwrap_or_default();
    names.extend(players.iter().filter_map(|p| match &p.kind {
        NodeKind::Str(s) => Some(s.clone()),
        _ => None,
    }));
    names.dedup();
    Some(
        (names.into_iter())
            .filter_map(|name| {
                let about = meaning(&root, text, &name)?.about;
                Some(Completion {
                    insert: name,
                    kind: "name",
                    about,
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    /// Hover, definition and completion at every byte of a core ruleset
    /// with multi-byte characters, escapes and a triple-quoted macro
    /// answer or decline, never panic.
    #[test]
    fn every_offset_of_an_odd_core_ruleset_is_answered_without_panic() {
        let text = "game = \"core\"\nplayers = [\"é\"]\nrules = \"step(n) é \\u00e9 {$ x > 1}\"\n[macros]\n\"step(d)\" = \"\"\"\nd {empty} é\"\"\"\nbad = \"(\"\n";
        for offset in 0..=text.len() {
            let _ = super::hover(text, offset);
            let _ = super::definition(text, offset);
            let _ = super::completions(text, offset);
        }
    }
}
