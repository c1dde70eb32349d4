//! The semantic check of a vocabulary ruleset: every problem across its
//! tables at once (names, glyphs, the setup, directions on this board,
//! keys that mean nothing for a mechanic, contradictions, rules and
//! outcomes that can never happen), each pointed at the exact bytes, inside
//! strings where the problem is inside one.

use miette::SourceSpan;

use super::error::VocabError;
use super::geometry::Geometry;
use super::schema::*;
use crate::config::tree::Node;
use crate::config::validate::{source_span, suggestion_help};

pub(super) use crate::config::tree::Step;
use Step::{At, Key};

mod actions;
mod appearance;
mod board;
mod flow;
mod keys;
mod tables;

/// A problem and the file it points into.
pub(super) type Found = (usize, VocabError);

struct Checker<'a> {
    ruleset: &'a VocabRuleset,
    root: &'a Node,
    sources: &'a [String],
    geometry: Geometry,
    out: Vec<Found>,
}

/// Checks `ruleset`, read from `root` (whose files' texts are `sources`).
pub(super) fn check(ruleset: &VocabRuleset, root: &Node, sources: &[String]) -> Vec<Found> {
    let b = &ruleset.board;
    let mut checker = Checker {
        ruleset,
        root,
        sources,
        geometry: Geometry::new(b.shape, b.width.min(16), b.height.min(16), b.coordinates),
        out: Vec::new(),
    };
    checker.names();
    checker.kinds();
    if checker.board() {
        checker.setup();
    }
    checker.directions();
    checker.actions();
    checker.stacking();
    checker.outcomes();
    checker.messages();
    checker.flow();
    checker.appearance();
    checker.out
}

impl<'a> Checker<'a> {
    /// The node at `path`, or the nearest ancestor written.
    fn node(&self, path: &[Step]) -> &'a Node {
        self.root.nearest(path)
    }

    /// Whether the value at `path` is written (not a default).
    fn written(&self, path: &[Step]) -> bool {
        self.root.find(path).is_some()
    }

    fn at(&self, path: &[Step]) -> (usize, SourceSpan) {
        let node = self.node(path);
        (node.at.file, source_span(node.at))
    }

    /// The bytes `start..end` of the string value at `path`, inside the
    /// quotes when the string is written without escapes.
    fn inside(&self, path: &[Step], start: usize, end: usize) -> (usize, SourceSpan) {
        let node = self.node(path);
        match node.inside_string(&self.sources[node.at.file], start, end) {
            Some(at) => (at.file, source_span(at)),
            None => self.at(path),
        }
    }

    fn push(&mut self, file: usize, error: VocabError) {
        self.out.push((file, error));
    }

    fn names(&mut self) {
        let r = self.ruleset;
        let players: Vec<&str> = r.players.iter().map(|p| p.name.as_str()).collect();
        let kinds: Vec<&str> = r.kinds.iter().map(|k| k.name.as_str()).collect();
        let actions: Vec<&str> = r.actions.iter().map(|a| a.name.as_str()).collect();
        self.unique("player", "players", &players);
        self.unique("kind", "kinds", &kinds);
        self.unique("action", "actions", &actions);
    }

    fn unique(&mut self, what: &'static str, table: &str, names: &[&str]) {
        self.unique_at(what, &[Key(table)], names);
    }

    /// Names given twice in the array of tables at `table`.
    fn unique_at(&mut self, what: &'static str, table: &[Step], names: &[&str]) {
        let path = |i: usize| [table, &[At(i), Key("name")]].concat();
        for (i, name) in names.iter().enumerate() {
            if let Some(first) = names[..i].iter().position(|n| n == name) {
                let (file, span) = self.at(&path(i));
                let (first_file, first_span) = self.at(&path(first));
                let first = (first_file == file).then_some(first_span);
                let name = (*name).to_owned();
                self.push(
                    file,
                    VocabError::DuplicateName {
                        what,
                        name,
                        span,
                        first,
                    },
                );
            }
        }
    }

    fn kind_name(&mut self, path: &[Step], name: &str) {
        let names: Vec<&str> = self.ruleset.kinds.iter().map(|k| k.name.as_str()).collect();
        if !names.contains(&name) {
            let (file, span) = self.at(path);
            let help = suggestion_help(name, "the kinds are", &names);
            self.push(
                file,
                VocabError::UnknownName {
                    what: "kind",
                    name: name.to_owned(),
                    span,
                    help,
                },
            );
        }
    }

    /// A problem of something that can never happen, at `path`.
    fn never(&mut self, path: &[Step], message: String, help: &str) {
        let (file, span) = self.at(path);
        let help = help.to_owned();
        self.push(
            file,
            VocabError::Never {
                message,
                span,
                help,
            },
        );
    }

    /// Two rules that contradict each other, the one at `path` labelled.
    fn contradiction(&mut self, path: &[Step], message: String, label: &str, help: &str) {
        let (file, span) = self.at(path);
        let (label, help) = (label.to_owned(), help.to_owned());
        self.push(
            file,
            VocabError::Contradiction {
                message,
                span,
                label,
                help,
            },
        );
    }
}
