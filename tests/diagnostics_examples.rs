//! The wrong and fixed examples of the `relic explain` pages: each page's
//! wrong example, run through relic, reports the page's code, and its fixed
//! example does not and succeeds.
//!
//! A page's example is written as
//!
//! ````text
//! Wrong: `relic check board.gbf`
//!
//! `board.gbf`:
//!
//! ```
//! (the file)
//! ```
//!
//! Fixed:
//!
//! `board.gbf`:
//!
//! ```
//! (the file, corrected)
//! ```
//! ````
//!
//! The command runs in an empty folder holding the files; a file named
//! `stdin` is fed to standard input. `Fixed:` may name another command
//! (`Fixed: `relic ...``); files it does not list stay as in the wrong
//! example. A page where no input can show the code (a bug report, an
//! operating-system failure) says `Example: none` and why.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use relic::diagnostics::explain;

/// One side of an example: the command's arguments and the files.
#[derive(Clone, Debug, Default)]
struct Run {
    args: Vec<String>,
    files: BTreeMap<String, String>,
}

/// A page's example: the wrong run and the fixed one.
struct Example {
    wrong: Run,
    fixed: Run,
}

/// The command of a `Wrong: `relic ...`` or `Fixed: `relic ...`` line.
fn command_of(rest: &str) -> Option<Vec<String>> {
    let command = rest.trim().strip_prefix('`')?.strip_suffix('`')?;
    let mut words = command.split_whitespace().map(str::to_string);
    (words.next()? == "relic").then(|| words.collect())
}

/// Reads the example of a page's text; `None` when it has none.
fn example_of(text: &str) -> Option<Example> {
    let mut lines = text.lines();
    let mut sides: Vec<Run> = Vec::new();
    while let Some(line) = lines.next() {
        let line = line.trim_end();
        if let Some(rest) = line.strip_prefix("Wrong:") {
            let args = command_of(rest).expect("`Wrong:` names a `relic ...` command");
            sides.push(Run {
                args,
                files: BTreeMap::new(),
            });
        } else if let Some(rest) = line.strip_prefix("Fixed:") {
            let wrong = sides.first().expect("`Fixed:` after `Wrong:`").clone();
            let args = command_of(rest).unwrap_or(wrong.args);
            sides.push(Run {
                args,
                files: wrong.files,
            });
        } else if let Some(name) = line.strip_prefix('`').and_then(|l| l.strip_suffix("`:")) {
            let body = fenced_block(&mut lines);
            let side = sides.last_mut().expect("a file after `Wrong:` or `Fixed:`");
            side.files.insert(name.to_string(), body);
        }
    }
    let mut sides = sides.into_iter();
    let wrong = sides.next()?;
    let fixed = sides.next().expect("`Wrong:` comes with `Fixed:`");
    Some(Example { wrong, fixed })
}

/// The text of the fenced block that follows (blank lines before it are
/// skipped), with a final newline.
fn fenced_block<'a>(lines: &mut impl Iterator<Item = &'a str>) -> String {
    let open = lines
        .find(|line| !line.trim().is_empty())
        .expect("a fenced block");
    assert!(open.starts_with("```"), "a fenced block, not {open:?}");
    let mut body = String::new();
    for line in lines.by_ref() {
        if line.starts_with("```") {
            return body;
        }
        body.push_str(line);
        body.push('\n');
    }
    panic!("an unclosed fenced block")
}

/// Runs `run` in a fresh folder; its exit status and everything printed.
fn execute(run: &Run, folder: &Path) -> (Option<i32>, String) {
    let _ = std::fs::remove_dir_all(folder);
    std::fs::create_dir_all(folder).unwrap();
    for (name, body) in run.files.iter().filter(|(name, _)| *name != "stdin") {
        std::fs::write(folder.join(name), body).unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_relic"))
        .args(&run.args)
        .current_dir(folder)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = run.files.get("stdin").map_or("", String::as_str);
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let output = child.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), printed)
}

/// Whether `printed` names `code` as a whole (not as part of a longer code).
fn names_code(printed: &str, code: &str) -> bool {
    let part = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    printed.match_indices(code).any(|(at, _)| {
        let before = printed[..at].chars().next_back();
        let after = printed[at + code.len()..].chars().next();
        !before.is_some_and(part) && !after.is_some_and(part)
    })
}

/// What is wrong with one page's example, if anything.
fn check_example(code: &str, example: &Example, folder: &Path) -> Option<String> {
    let (_, wrong) = execute(&example.wrong, folder);
    if !names_code(&wrong, code) {
        return Some(format!(
            "{code}: the wrong example does not report it:\n{wrong}"
        ));
    }
    let (status, fixed) = execute(&example.fixed, folder);
    if names_code(&fixed, code) || status != Some(0) {
        return Some(format!(
            "{code}: the fixed example (status {status:?}) still fails:\n{fixed}"
        ));
    }
    None
}

/// A scratch folder of this test process, one per test.
fn scratch(test: &str) -> PathBuf {
    let name = format!("relic-explain-{test}-{}", std::process::id());
    std::env::temp_dir().join(name)
}

#[test]
fn every_example_shows_its_code_and_its_fix_does_not() {
    let root = scratch("examples");
    let mut failures = Vec::new();
    let mut shown = 0;
    let mut none = 0;
    let mut missing = Vec::new();
    for page in explain::pages() {
        match example_of(page.text) {
            Some(example) => {
                shown += 1;
                let folder = root.join(page.code.replace("::", "-"));
                failures.extend(check_example(page.code, &example, &folder));
            }
            None if page.text.contains("Example: none") => none += 1,
            None => missing.push(page.code),
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    let total = explain::pages().len();
    eprintln!(
        "explain examples: {shown}/{total} pages run their wrong and fixed example, \
         {none} say why they have none"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(
        missing.is_empty(),
        "docs/diagnostics.md: give {missing:?} a wrong and a fixed example, \
         or `Example: none` and why"
    );
}

#[test]
fn an_example_that_does_not_show_its_code_or_whose_fix_fails_is_caught() {
    let page = explain::page("gbf::relic::duplicate").expect("a page");
    let example = example_of(page.text).expect("an example");
    let folder = scratch("self-check");
    assert_eq!(check_example(page.code, &example, &folder), None);
    let unfixed = Example {
        wrong: example.wrong.clone(),
        fixed: example.wrong.clone(),
    };
    assert!(check_example(page.code, &unfixed, &folder).is_some());
    let wrong_code = check_example("gbf::tile::bit", &example, &folder);
    assert!(
        wrong_code.is_some(),
        "the duplicate example has no bad tile bit"
    );
    assert!(names_code(
        "x gbf::relic::duplicate\n",
        "gbf::relic::duplicate"
    ));
    assert!(!names_code("gbf::relics::number", "gbf::relic::number"));
    let _ = std::fs::remove_dir_all(&folder);
}
