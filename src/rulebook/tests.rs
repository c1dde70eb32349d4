use super::explain_arg;

#[test]
fn a_vocabulary_game_is_worded_from_its_ruleset() {
    let text = explain_arg("tic-tac-toe".as_ref()).unwrap();
    assert!(
        text.contains("play in turn on a 3 by 3 square board"),
        "{text}"
    );
    assert!(
        text.contains("3 of a player's pieces in a line win"),
        "{text}"
    );
    assert!(
        text.contains("Put a piece from the player's reserve on the board."),
        "{text}"
    );
}
