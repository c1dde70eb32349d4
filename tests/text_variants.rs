//! Text mode under the shipped house-rule variants (`rulesets/variants/`),
//! through the binary's `--ruleset`, on our boards in
//! `tests/fixtures/text/`: the players, their names and the scoreboard come
//! from the ruleset. Whole outputs are snapshotted.

mod common;

/// Runs `relic play tests/fixtures/text/VARIANT.gbf --ruleset
/// rulesets/variants/VARIANT.toml` on `moves`.
fn play(variant: &str, moves: &str) -> String {
    let board = format!("tests/fixtures/text/{variant}.gbf");
    let ruleset = format!("rulesets/variants/{variant}.toml");
    let args = ["play", &board, "text", "--ruleset", &ruleset];
    let output = common::run_relic(args, moves.as_bytes());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    format!(
        "moves: {moves}\n---\n{}",
        String::from_utf8(output.stdout).unwrap()
    )
}

#[test]
fn two_players_in_opposite_corners() {
    // Green pathfinds to its relic (the turn ends), Blue passes, Green
    // goes home and wins. Two scoreboard lines throughout; the yellow and
    // red relics belong to nobody and stay hidden.
    let output = play("two-players", "n2 3,1 e2 done n2 1,1");
    assert!(output.contains("Relics collected /1:\n- Green 1\n- Blue  0\n"));
    assert!(output.ends_with("Green has won.\nRelics collected /1:\n- Green 1\n- Blue  0\n"));
    assert!(!output.contains("Yellow") && !output.contains("Red"));
    assert!(!output.contains("═y═") && !output.contains("═r═"));
    insta::assert_snapshot!(output);
}

#[test]
fn single_steps_refuse_pathfinding() {
    // Green may not pathfind, but may step; its relic is one step south.
    let output = play("single-steps", "n2 1,2 s");
    assert!(output.contains(
        "> Pathfinding is not allowed under these rules.\n[Green] Move your adventurer: \n"
    ));
    assert!(output.contains(
        "Green has collected a relic.\nGreen has all their relics.\nEnd of Green's turn.\n"
    ));
    insta::assert_snapshot!(output);
}
