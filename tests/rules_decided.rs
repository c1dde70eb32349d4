//! `relic rules decided`: for each mark of a core ruleset (or of another
//! game's core form), whether listing stops after it, and if not what is
//! to blame, pointed at where it is written.

use crate::common;

use common::inline_core::compiled;
use relic::lang::stops;

fn describe(rules: &str) -> String {
    let tail =
        "[[variables]]\nname = \"placed\"\nmax = 1\n[macros]\nnext-empty = \"{? e {empty}}\"";
    let program = compiled(rules, "", "width = 3\nheight = 1", tail).unwrap();
    stops::describe(&program)
}

#[test]
fn a_rest_that_cannot_fail_is_decided() {
    let text = describe("any {empty} mark [stone] [$ placed = 1] ->next");
    assert!(
        text.contains("listing stops after 1 of its 1 marks"),
        "{text}"
    );
    assert!(
        text.contains("after `mark` at rules 1:13: decided"),
        "{text}"
    );
}

#[test]
fn what_may_fail_or_mark_after_a_mark_is_named_where_it_is_written() {
    let text = describe("any {empty} mark next-empty [stone] ->next");
    assert!(
        text.contains("`next-empty` at rules 1:18 may fail"),
        "{text}"
    );
    let text = describe("any {empty} mark [stone] (e {empty} mark(more) [stone])? ->next");
    assert!(
        text.contains(
            "after `mark` at rules 1:13: another mark may follow (`mark(more)` at rules 1:37)"
        ),
        "{text}"
    );
    assert!(
        text.contains("listing stops after 1 of its 2 marks"),
        "{text}"
    );
}

#[test]
fn the_command_explains_core_rulesets_and_core_forms() {
    let out = common::run_relic(["rules", "decided", "checkers"], b"");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text.contains("the same mark may come again (a chain)"),
        "{text}"
    );
    assert!(text.contains("decided: listing stops here"), "{text}");
    let out = common::run_relic(["rules", "decided", "connect-four"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("Connect Four: ")
    );
    let out = common::run_relic(["rules", "decided", "moving-maze"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("cli::no_core_form")
    );
}

/// A choice whose guards cannot all fail (`{? t} ... | {! t}`) is not to
/// blame: what may fail after it is named, not its first way's test.
#[test]
fn a_choice_whose_guards_cannot_all_fail_is_passed_to_what_may_fail_after_it() {
    let rules = "any {empty} mark ({? e {empty}} [stone] | {! e {empty}}) w [stone] ->next";
    let text = describe(rules);
    let column = rules.find(") w").unwrap() + 3;
    assert!(
        text.contains(&format!("`w` at rules 1:{column} may fail")),
        "{text}"
    );
}
