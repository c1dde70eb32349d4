//! Taking actions back (undo in text play, the browser and the
//! playground), the same for every game: how far back to go, and the words
//! that say what was taken back.

use super::{Game, Seat};

/// Why a page may not take back now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoUndo {
    /// No action has been played since play started here.
    Nothing,
    /// Only computers have played since play started here, so no person's
    /// action is among them (text play takes them all back all the same).
    ComputersOnly,
    /// Another person (this seat) played last.
    Theirs(Seat),
}

/// How many of the actions played stand once `asker` takes back, given
/// the seat that played each (`movers`) and which seats the computer
/// plays: the last action goes, then each before it while a computer
/// played it, so that a person is to move again (there must be a person's
/// action among them: when computers alone have played, it says so with
/// [`NoUndo::ComputersOnly`]). The holder of a seat (`Some(seat)`) takes
/// back only its own actions and the computers'; a hot-seat page (`None`)
/// speaks for every person.
///
/// ```
/// use relic::contract::take_back::{NoUndo, undo_point};
/// // Seat 1 is the computer's: seat 0 played, the computer answered.
/// let computer = |seat: usize| seat == 1;
/// assert_eq!(undo_point(&[0, 1, 0], computer, None), Ok(2));
/// assert_eq!(undo_point(&[0, 1], computer, Some(0)), Ok(0));
/// // Two people: the one who did not play last cannot take it back.
/// assert_eq!(undo_point(&[0, 1], |_| false, Some(0)), Err(NoUndo::Theirs(1)));
/// // The computer opened, and nobody else has played since.
/// assert_eq!(undo_point(&[1], computer, None), Err(NoUndo::ComputersOnly));
/// ```
pub fn undo_point(
    movers: &[Seat],
    computer: impl Fn(Seat) -> bool,
    asker: Option<Seat>,
) -> Result<usize, NoUndo> {
    let person = |seat: Seat| asker.map_or(!computer(seat), |me| seat == me);
    let mut keep = movers.len().checked_sub(1).ok_or(NoUndo::Nothing)?;
    loop {
        let mover = movers[keep];
        if person(mover) {
            return Ok(keep);
        }
        if !computer(mover) {
            return Err(NoUndo::Theirs(mover));
        }
        keep = keep.checked_sub(1).ok_or(NoUndo::ComputersOnly)?;
    }
}

/// Plays `history` from `game`: the position reached and the seat that
/// played each action (the seat to move before it), stopping before the
/// first action the game refuses (so fewer movers than actions say where).
pub fn replay_movers<G: Game>(mut game: G, history: &[G::Action]) -> (G, Vec<Seat>) {
    let mut movers = Vec::with_capacity(history.len());
    for action in history {
        let Some(seat) = game.status().to_move() else {
            break;
        };
        if game.apply(action).is_err() {
            break;
        }
        movers.push(seat);
    }
    (game, movers)
}

/// `actions`, played from `from`, each written in the notation of the
/// position it was played from, the last first.
pub fn written_from<G: Game>(from: &G, actions: &[G::Action]) -> Vec<String> {
    let mut game = from.clone();
    let mut written = Vec::with_capacity(actions.len());
    for action in actions {
        written.push(game.write_action(action));
        let _ = game.apply(action);
    }
    written.reverse();
    written
}

/// The sentence saying what was taken back (`taken`, the last first).
///
/// ```
/// use relic::contract::take_back::took_back;
/// assert_eq!(took_back(&["e".into(), "d".into()]), "Took back 2 actions: e, d.");
/// ```
pub fn took_back(taken: &[String]) -> String {
    let plural = if taken.len() == 1 { "" } else { "s" };
    format!(
        "Took back {} action{plural}: {}.",
        taken.len(),
        taken.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_back_to_a_persons_turn() {
        let computer = |seat: Seat| seat == 1;
        assert_eq!(undo_point(&[0, 1, 0], computer, None), Ok(2));
        assert_eq!(undo_point(&[0, 1], computer, None), Ok(0));
        assert_eq!(undo_point(&[0, 1], computer, Some(0)), Ok(0));
        assert_eq!(undo_point(&[], computer, Some(0)), Err(NoUndo::Nothing));
        assert_eq!(undo_point(&[], computer, None), Err(NoUndo::Nothing));
    }

    #[test]
    fn says_when_computers_alone_have_played() {
        let computers = |seat: Seat| seat != 0;
        assert_eq!(
            undo_point(&[1], computers, None),
            Err(NoUndo::ComputersOnly)
        );
        assert_eq!(
            undo_point(&[1, 2], computers, None),
            Err(NoUndo::ComputersOnly)
        );
        assert_eq!(
            undo_point(&[1, 2], computers, Some(0)),
            Err(NoUndo::ComputersOnly)
        );
        assert_eq!(undo_point(&[1, 2, 0, 1], computers, None), Ok(2));
    }

    #[test]
    fn never_takes_back_another_persons_action() {
        let nobody = |_: Seat| false;
        assert_eq!(undo_point(&[0, 1], nobody, None), Ok(1));
        assert_eq!(undo_point(&[0, 1], nobody, Some(1)), Ok(1));
        assert_eq!(undo_point(&[0, 1], nobody, Some(0)), Err(NoUndo::Theirs(1)));
        assert_eq!(undo_point(&[0, 2, 1], |s| s == 2, Some(1)), Ok(2));
        assert_eq!(
            undo_point(&[0, 2, 1], |s| s == 2, Some(0)),
            Err(NoUndo::Theirs(1))
        );
    }
}
