//! A computer's turn in text mode reads like a person's: its inputs are
//! echoed after the `> ` prompt, then the specification's output follows.

use crate::common;

#[test]
fn a_computer_turn_prints_what_the_same_typed_inputs_print() {
    let run = |bots: Option<&str>, input: &str| {
        let mut args = vec!["play", "boards/learner-5x5.gbf", "--seed", "4"];
        args.extend(bots.map(|bots| ["--bots", bots]).into_iter().flatten());
        String::from_utf8(common::run_relic(args, input.as_bytes()).stdout).unwrap()
    };
    let computer = run(Some("green=greedy"), "quit\n");
    insta::assert_snapshot!(computer);
    // The same inputs typed by a person print the same, less the echo.
    let inputs: Vec<&str> = computer
        .lines()
        .filter_map(|line| line.strip_prefix("> "))
        .filter(|rest| !rest.is_empty() && !rest.contains(' ') && !rest.ends_with('.'))
        .collect();
    let person = run(None, &format!("{}\nquit\n", inputs.join("\n")));
    let unechoed: String = computer
        .split_inclusive('\n')
        .map(|line| match line.strip_prefix("> ") {
            Some(rest) if inputs.contains(&rest.trim_end()) => "> ",
            _ => line,
        })
        .collect();
    assert_eq!(unechoed, person);
}
