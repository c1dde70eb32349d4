//! `relic explain`: every diagnostic code in the source has a page in
//! `docs/diagnostics.md` and every page is a code in the source; the
//! command prints a page, lists the codes and names the nearest code for
//! a typo.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Output;

use relic::diagnostics::explain;

fn relic(args: &[&str]) -> Output {
    common::run_relic(args, b"")
}

/// Every `code(a::b)` of a `#[diagnostic]` attribute under `dir`, and every
/// code given to `Embedded::new`.
fn source_codes(dir: &Path, codes: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_codes(&path, codes);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            // `code(a::b)` attributes, and the codes of embedded problems
            // (`Embedded::new("save::board", ...)`).
            let attributes = text.match_indices("code(").map(|(at, _)| (at + 5, ')'));
            let embedded = text
                .match_indices("Embedded::new(\"")
                .map(|(at, _)| (at + 15, '"'));
            for (start, end) in attributes.chain(embedded) {
                let rest = &text[start..];
                let code: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                if code.contains("::") && rest[code.len()..].starts_with(end) {
                    codes.insert(code);
                }
            }
        }
    }
}

/// The codes the Python package raises: string literals `"a::b"` in its
/// Rust (`python/src`) and Python (`python/relic`) sources.
fn python_codes(dir: &Path, codes: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if !path.extension().is_some_and(|e| e == "rs" || e == "py") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for literal in text.split('"').skip(1).step_by(2) {
            let is_code = literal.split("::").count() >= 2
                && literal.split("::").all(|part| {
                    !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                });
            if is_code {
                codes.insert(literal.to_string());
            }
        }
    }
}

#[test]
fn every_code_has_a_page_and_every_page_a_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut in_source = BTreeSet::new();
    source_codes(&root.join("src"), &mut in_source);
    python_codes(&root.join("python/src"), &mut in_source);
    python_codes(&root.join("python/relic"), &mut in_source);
    let pages: BTreeSet<String> = explain::pages()
        .iter()
        .map(|p| p.code.to_string())
        .collect();
    let missing: Vec<_> = in_source.difference(&pages).collect();
    let stale: Vec<_> = pages.difference(&in_source).collect();
    assert!(
        missing.is_empty() && stale.is_empty(),
        "docs/diagnostics.md: write a `## `CODE`` page for {missing:?}; remove {stale:?}"
    );
    assert!(
        in_source.len() >= 100,
        "only {} codes found",
        in_source.len()
    );
    for page in explain::pages() {
        for part in ["What it means:", "Why it is a problem:"] {
            assert!(page.text.contains(part), "{}: no `{part}`", page.code);
        }
    }
}

#[test]
fn explain_prints_the_page_of_a_code() {
    let output = relic(&["explain", "gbf::relic::duplicate"]);
    assert_eq!(output.status.code(), Some(0));
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.starts_with("gbf::relic::duplicate\n\n"), "{page}");
    assert!(page.contains("appears more than once"), "{page}");
    assert!(
        page.contains("How to fix it: Each relic appears once"),
        "{page}"
    );
}

#[test]
fn explain_lists_every_code_and_suggests_the_nearest() {
    let list = relic(&["explain"]);
    assert_eq!(list.status.code(), Some(0));
    let lines = String::from_utf8(list.stdout).unwrap();
    assert_eq!(lines.lines().count(), explain::pages().len());
    // Each line is the code, then its message (not the code again).
    let duplicate = (lines.lines())
        .find(|line| line.starts_with("gbf::relic::duplicate "))
        .expect("the duplicate code is listed");
    assert!(
        duplicate.ends_with("  relic `{relic}` appears more than once"),
        "{duplicate}"
    );
    for line in lines.lines() {
        let mut words = line.split_whitespace();
        let code = words.next().unwrap_or_default();
        let repeated = format!("{code}`");
        assert!(words.next() != Some(repeated.as_str()), "{line}");
    }
    let typo = relic(&["explain", "gbf::relic::duplicat"]);
    assert_eq!(typo.status.code(), Some(2));
    let stderr = String::from_utf8(typo.stderr).unwrap();
    assert!(
        stderr.contains("did you mean `gbf::relic::duplicate`?"),
        "{stderr}"
    );
}

#[test]
fn every_page_says_how_to_fix_it_in_words() {
    for page in explain::pages() {
        let fix = (page.text.lines())
            .find(|line| line.starts_with("How to fix it: "))
            .unwrap_or_else(|| panic!("{} has no `How to fix it`", page.code));
        assert!(!fix.contains("{help}"), "{}: {fix}", page.code);
    }
}
