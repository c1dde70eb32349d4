//! Text mode under the shipped house-rule variants (`rulesets/variants/`),
//! through the binary's `--ruleset`, on our boards in
//! `tests/fixtures/text/`: the players, their names and the scoreboard come
//! from the ruleset. Whole outputs are snapshotted.

use crate::common;

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

#[test]
fn a_translated_ruleset_prints_its_own_messages() {
    // Every line text mode says about play comes from the ruleset's
    // `[messages]`: refusals (a fixed row, a closed side, a path to a tile
    // typed with a leading zero), invalid input, reports, the relic, the
    // end of the turn, the scoreboard, the banner and the quit.
    let output = play("dutch", "n1 r n2 w 09,1 xyz s n2 e quit");
    for line in [
        "Relikwiedoel: 1\n",
        "[Groen] Draai en schuif de losse tegel: \n> Inschuiven op oneven posities kan niet.\n",
        "> Draai naar rechts.\n",
        "> Inschuiven bij n2.\n",
        "> Kan niet naar het westen: geen pad.\n",
        "> Kan niet naar 9,1: geen pad.\n",
        "> Ongeldige invoer.\n",
        "> Naar het zuiden.\n",
        "Groen heeft een relikwie verzameld.\nGroen heeft al zijn relikwieën.\n",
        "Einde van de beurt van Groen.\nVerzamelde relikwieën /1:\n- Groen 1\n- Geel  0\n",
        "[Geel] Verplaats je avonturier: \n> Kan niet naar het oosten: geen pad.\n",
    ] {
        assert!(output.contains(line), "no {line:?} in\n{output}");
    }
    assert!(output.ends_with("> Het spel is gestopt.\nVerzamelde relikwieën /1:\n- Groen 1\n- Geel  0\n- Rood  0\n- Blauw 0\n"));
    for english in ["Cannot", "Moving", "Relics", "Green", "Invalid", "quit."] {
        assert!(!output.contains(english), "{english} in\n{output}");
    }
    insta::assert_snapshot!(output);
}

#[test]
fn a_translated_ruleset_ends_input_in_its_words() {
    let output = play("dutch", "n2");
    assert!(
        output.ends_with(
            "> Einde van de invoer: het spel is niet uitgespeeld.\n\
             Verzamelde relikwieën /1:\n- Groen 0\n- Geel  0\n- Rood  0\n- Blauw 0\n"
        ),
        "{output}"
    );
}
