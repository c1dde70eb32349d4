//! The dependency graph of the crate's source files, read from the `crate::`,
//! `super::` and `self::` paths they contain, and its cycles.
//!
//! A file is a node named by its module path (`src/cli/check.rs` is
//! `cli::check`, `src/cli/mod.rs` is `cli`). A path names the longest module
//! prefix that is a file; a file referring to itself or to one of its
//! ancestor modules is not an edge (a child may always use its parents).
//! `src/main.rs` is left out: it is the binary crate, and uses the library by
//! name.
#![allow(dead_code)]

pub mod tokens;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use tokens::{Tok, tokenize};

/// Where an edge was first seen: the file and line of the path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    pub file: String,
    pub line: usize,
}

/// Nodes and the edges between them, each with where it was first seen.
#[derive(Debug, Default)]
pub struct Graph {
    pub nodes: BTreeSet<String>,
    pub edges: BTreeMap<String, BTreeMap<String, Seen>>,
}

/// One source file: its module path, the path shown in messages, its text.
pub struct Source {
    pub module: String,
    pub shown: String,
    pub text: String,
}

/// Every `.rs` file under `root` except `main.rs`, with its module path.
pub fn read_tree(root: &Path) -> Vec<Source> {
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort_by(|a, b| a.module.cmp(&b.module));
    out
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<Source>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            walk(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under root");
            if rel == Path::new("main.rs") {
                continue;
            }
            out.push(Source {
                module: module_of(rel),
                shown: path.display().to_string(),
                text: std::fs::read_to_string(&path).expect("readable source"),
            });
        }
    }
}

/// `cli/check.rs` -> `cli::check`, `cli/mod.rs` -> `cli`, `lib.rs` -> ``.
pub fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The file-level graph of `sources`.
pub fn file_graph(sources: &[Source]) -> Graph {
    let files: BTreeSet<String> = sources.iter().map(|s| s.module.clone()).collect();
    let mut graph = Graph {
        nodes: files.clone(),
        ..Graph::default()
    };
    for source in sources {
        for (path, line) in paths_in(&source.module, &source.text) {
            let Some(target) = resolve(&files, &path) else {
                continue;
            };
            let ancestor = source.module.starts_with(&format!("{target}::"));
            if target != source.module && !ancestor {
                let seen = Seen {
                    file: source.shown.clone(),
                    line,
                };
                let row = graph.edges.entry(source.module.clone()).or_default();
                row.entry(target).or_insert(seen);
            }
        }
    }
    graph
}

/// The longest non-empty prefix of `path` that is a file.
fn resolve(files: &BTreeSet<String>, path: &[String]) -> Option<String> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|key| files.contains(key))
}

/// Every absolute module path a file at `module` refers to, with its line.
/// Inline modules (`mod tests { use super::*; }`) shift `self` and `super`.
pub fn paths_in(module: &str, text: &str) -> Vec<(Vec<String>, usize)> {
    let toks = tokenize(text);
    let file: Vec<String> = module
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut out = Vec::new();
    for i in 0..toks.len() {
        match &toks[i].0 {
            Tok::Open => {
                depth += 1;
                if let Some(name) = opens_inline_module(&toks, i) {
                    inline.push((name, depth));
                }
            }
            Tok::Close => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Tok::Ident(head) if starts_path(&toks, i, head) => {
                let mut here = file.clone();
                here.extend(inline.iter().map(|(n, _)| n.clone()));
                let mut trees = Vec::new();
                path_tree(&toks, i, Vec::new(), &mut trees);
                for segments in trees {
                    out.push((absolute(&here, &segments), toks[i].1));
                }
            }
            _ => {}
        }
    }
    out
}

/// `mod NAME {` ends at token `open`.
fn opens_inline_module(toks: &[(Tok, usize)], open: usize) -> Option<String> {
    if open < 2 {
        return None;
    }
    match (&toks[open - 2].0, &toks[open - 1].0) {
        (Tok::Ident(m), Tok::Ident(name)) if m == "mod" => Some(name.clone()),
        _ => None,
    }
}

/// `crate::`, `super::` or `self::` at the head of a path.
fn starts_path(toks: &[(Tok, usize)], i: usize, head: &str) -> bool {
    let head_word = matches!(head, "crate" | "super" | "self");
    let after_sep = i > 0 && toks[i - 1].0 == Tok::PathSep;
    let sep_follows = toks.get(i + 1).is_some_and(|t| t.0 == Tok::PathSep);
    head_word && !after_sep && sep_follows
}

/// Reads the path (or `use` tree) starting at token `i` into `out`, one
/// segment list per leaf. Returns the index after it.
fn path_tree(
    toks: &[(Tok, usize)],
    mut i: usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    loop {
        match toks.get(i).map(|t| &t.0) {
            Some(Tok::Ident(s)) => {
                prefix.push(s.clone());
                i += 1;
                if toks.get(i).is_some_and(|t| t.0 == Tok::PathSep) {
                    i += 1;
                    continue;
                }
            }
            Some(Tok::Open) => return group(toks, i + 1, &prefix, out),
            Some(Tok::Star) => i += 1,
            _ => {}
        }
        out.push(prefix);
        return i;
    }
}

/// The inside of `{ a, b::c, d as e }`, from the token after `{`.
fn group(
    toks: &[(Tok, usize)],
    mut i: usize,
    prefix: &[String],
    out: &mut Vec<Vec<String>>,
) -> usize {
    while let Some((tok, _)) = toks.get(i) {
        match tok {
            Tok::Close => return i + 1,
            Tok::Comma => i += 1,
            _ => {
                i = path_tree(toks, i, prefix.to_vec(), out);
                while toks
                    .get(i)
                    .is_some_and(|t| !matches!(t.0, Tok::Comma | Tok::Close))
                {
                    i += 1;
                }
            }
        }
    }
    i
}

/// Applies `crate`, `self` and `super` segments to the module `here`.
fn absolute(here: &[String], segments: &[String]) -> Vec<String> {
    let mut path = here.to_vec();
    for (n, seg) in segments.iter().enumerate() {
        match seg.as_str() {
            "crate" if n == 0 => path.clear(),
            "self" => {}
            "super" => {
                path.pop();
            }
            _ => path.push(seg.clone()),
        }
    }
    path
}

/// The graph between modules `depth` segments deep: `cli::check` and
/// `cli::solve` are both `cli` at depth 1. An edge between a module and its
/// own ancestor or descendant is dropped.
pub fn collapse(graph: &Graph, depth: usize) -> Graph {
    let col = |k: &str| k.split("::").take(depth).collect::<Vec<_>>().join("::");
    let mut out = Graph {
        nodes: graph.nodes.iter().map(|n| col(n)).collect(),
        ..Graph::default()
    };
    for (from, row) in &graph.edges {
        for (to, seen) in row {
            let (a, b) = (col(from), col(to));
            let related = a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"));
            if a != b && !related {
                let row = out.edges.entry(a).or_default();
                row.entry(b).or_insert_with(|| seen.clone());
            }
        }
    }
    out
}

/// The strongly connected components of more than one node, each sorted,
/// the list sorted.
pub fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for node in &graph.nodes {
        if !t.index.contains_key(node.as_str()) {
            t.visit(node);
        }
    }
    t.found.sort();
    t.found
}

struct Tarjan<'g> {
    graph: &'g Graph,
    index: BTreeMap<&'g str, usize>,
    low: BTreeMap<&'g str, usize>,
    stack: Vec<&'g str>,
    found: Vec<Vec<String>>,
}

impl<'g> Tarjan<'g> {
    fn visit(&mut self, v: &'g str) {
        let n = self.index.len();
        self.index.insert(v, n);
        self.low.insert(v, n);
        self.stack.push(v);
        for w in self.graph.edges.get(v).into_iter().flat_map(|r| r.keys()) {
            if !self.index.contains_key(w.as_str()) {
                self.visit(w);
                let low = self.low[v].min(self.low[w.as_str()]);
                self.low.insert(v, low);
            } else if self.stack.contains(&w.as_str()) {
                let low = self.low[v].min(self.index[w.as_str()]);
                self.low.insert(v, low);
            }
        }
        if self.low[v] == self.index[v] {
            self.pop_component(v);
        }
    }

    fn pop_component(&mut self, root: &str) {
        let mut component = Vec::new();
        while let Some(w) = self.stack.pop() {
            component.push(w.to_string());
            if w == root {
                break;
            }
        }
        if component.len() > 1 {
            component.sort();
            self.found.push(component);
        }
    }
}
