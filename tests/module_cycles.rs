//! No import cycles (issue 10): the source files under `src/`, and the
//! modules one and two levels deep, must not use each other in a circle.
//!
//! The cycles that existed when this test was written are listed below. The
//! lists only shrink: a cycle not listed fails the test, and so does a listed
//! cycle that no longer exists (remove it from its list when you break it).
//! Each entry is the sorted list of the cycle's members (a strongly connected
//! component of the graph). How paths are read: `tests/module_graph/`.

use crate::module_graph;

use std::path::Path;

use module_graph::{Graph, Source, collapse, cycles, file_graph, paths_in, read_tree};

/// Cycles between single files that may remain, for now.
const FILE_CYCLES: &[&[&str]] = &[];

/// Cycles between top-level modules (`cli`, `games`, `text`, ...).
const DEPTH1_CYCLES: &[&[&str]] = &[];

/// Cycles between modules two levels deep (`games::moving_maze`, `cli`, ...).
const DEPTH2_CYCLES: &[&[&str]] = &[];

fn source_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    file_graph(&read_tree(&src))
}

#[test]
fn no_new_cycles_between_files() {
    check("files", &source_graph(), FILE_CYCLES);
}

#[test]
fn no_new_cycles_between_top_level_modules() {
    check(
        "modules at depth 1",
        &collapse(&source_graph(), 1),
        DEPTH1_CYCLES,
    );
}

#[test]
fn no_new_cycles_between_modules_two_deep() {
    check(
        "modules at depth 2",
        &collapse(&source_graph(), 2),
        DEPTH2_CYCLES,
    );
}

/// Fails listing every unlisted cycle (with the line of each edge in it) and
/// every listed cycle that is gone.
fn check(what: &str, graph: &Graph, allowed: &[&[&str]]) {
    let found = cycles(graph);
    let allowed: Vec<Vec<String>> = allowed
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let mut report = String::new();
    for cycle in found.iter().filter(|c| !allowed.contains(c)) {
        report += &format!("new cycle between {what}: {}\n", cycle.join(" "));
        report += &edges_within(graph, cycle);
    }
    for cycle in allowed.iter().filter(|c| !found.contains(c)) {
        report += &format!(
            "the allowed cycle between {what} [{}] no longer exists: remove it from tests/module_cycles.rs\n",
            cycle.join(", ")
        );
    }
    assert!(report.is_empty(), "\n{report}");
}

fn edges_within(graph: &Graph, cycle: &[String]) -> String {
    let mut out = String::new();
    for from in cycle {
        for (to, seen) in graph.edges.get(from).into_iter().flatten() {
            if cycle.contains(to) {
                out += &format!("  {from} -> {to} ({}:{})\n", seen.file, seen.line);
            }
        }
    }
    out
}

fn source(module: &str, text: &str) -> Source {
    Source {
        module: module.to_string(),
        shown: format!("{module}.rs"),
        text: text.to_string(),
    }
}

fn joined(paths: Vec<(Vec<String>, usize)>) -> Vec<String> {
    paths.into_iter().map(|(p, _)| p.join("::")).collect()
}

#[test]
fn use_groups_nested_groups_and_renames_are_read() {
    let text = "use crate::a::{b, c::{d, e as f}, self};\nuse super::g::*;";
    let got = joined(paths_in("x::y", text));
    assert_eq!(got, ["a::b", "a::c::d", "a::c::e", "a", "x::g"]);
}

#[test]
fn super_and_self_follow_the_file_and_its_inline_modules() {
    let text =
        "use self::k;\nmod tests {\n    use super::m;\n    use super::super::n;\n}\nuse super::p;";
    let got = joined(paths_in("x::y", text));
    assert_eq!(got, ["x::y::k", "x::y::m", "x::n", "x::p"]);
}

#[test]
fn comments_strings_and_characters_are_not_paths() {
    let text = "// crate::a\n/* crate::b */ let s = \"crate::c\"; let r = r#\"crate::d\"#;\n\
                let c = '\"'; let q = '\\''; fn f<'a>(_: &'a str) { crate::e::go(); }";
    assert_eq!(joined(paths_in("x", text)), ["e::go"]);
}

#[test]
fn a_cycle_is_found_and_a_child_using_its_parent_is_not_one() {
    let sources = [
        source("a", "use crate::b::thing;"),
        source("b", "use crate::a::other;"),
        source("p", "use self::c::x;"),
        source("p::c", "use super::helper;"),
    ];
    let graph = file_graph(&sources);
    assert_eq!(cycles(&graph), [["a", "b"]]);
    let depth1 = collapse(&graph, 1);
    assert_eq!(cycles(&depth1), [["a", "b"]]);
}
