//! Landing on an opponent's piece: whether a move may end there
//! ([`Capture::may_land`]) and what is left of the fight ([`Capture::fight`]),
//! by one of the policies a game's rules choose ([`Capture`]).
//!
//! Under point conflict ([`resolve`]) each piece is worth its current value:
//! the lower side is removed and the higher loses as much as the lower was
//! worth; equal values remove both. Against several defenders (a stack) the
//! defenders are taken in order of value, lowest first, ties broken by
//! type name alphabetically, each removed while the attacker's value
//! covers it, the next one reduced by what remains. Removed points count
//! for nobody.

/// What a piece landing on an opponent's does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Capture {
    /// Nothing may land on another piece.
    #[default]
    Forbidden,
    /// The mover takes the square; the piece there is removed.
    Remove,
    /// The mover takes the square and adds the value of the piece it
    /// removes to its own.
    RemoveGaining,
    /// Point conflict ([`resolve`]).
    PointConflict,
}

impl Capture {
    /// Whether a move may end on a square holding a piece (`own`: one of
    /// the mover's own). An empty square is always allowed.
    ///
    /// ```
    /// use relic::mechanics::capture::Capture;
    /// assert!(Capture::Remove.may_land(false));
    /// assert!(!Capture::Remove.may_land(true));
    /// assert!(!Capture::Forbidden.may_land(false));
    /// ```
    pub fn may_land(self, own: bool) -> bool {
        !own && self != Capture::Forbidden
    }

    /// Who holds the square after `attacker` lands on `defender`, and the
    /// holder's value then (0 when nobody holds it).
    ///
    /// ```
    /// use relic::mechanics::capture::{Capture, Holder};
    /// assert_eq!(Capture::Remove.fight(("DOG", 1), ("HORSE", 9)), (Holder::Attacker, 1));
    /// assert_eq!(Capture::PointConflict.fight(("DOG", 1), ("HORSE", 9)), (Holder::Defender, 8));
    /// assert_eq!(Capture::PointConflict.fight(("DOG", 4), ("FROG", 4)), (Holder::Nobody, 0));
    /// assert_eq!(Capture::RemoveGaining.fight(("DOG", 1), ("HORSE", 9)), (Holder::Attacker, 10));
    /// ```
    pub fn fight(self, attacker: Fighter<'_>, defender: Fighter<'_>) -> (Holder, u32) {
        match self {
            Capture::Forbidden | Capture::Remove => (Holder::Attacker, attacker.1),
            Capture::RemoveGaining => (Holder::Attacker, attacker.1.saturating_add(defender.1)),
            Capture::PointConflict => {
                let (left, holder) = resolve(attacker, &[defender]);
                (holder, left.first().map_or(0, |f| f.1))
            }
        }
    }
}

/// A piece in a conflict: its type's name and its current value.
pub type Fighter<'a> = (&'a str, u32);

/// Who holds the square after a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The moving piece, with its reduced value.
    Attacker,
    /// The defenders that remain.
    Defender,
    /// Nobody: everything was removed.
    Nobody,
}

/// The pieces left on the square (in the defenders' order, or the
/// attacker alone) and who holds it.
///
/// ```
/// use relic::mechanics::capture::{resolve, Holder};
/// // The seed's example: a FROG worth 5 lands on a SNAIL worth 2.
/// assert_eq!(resolve(("FROG", 5), &[("SNAIL", 2)]), (vec![("FROG", 3)], Holder::Attacker));
/// // A HORSE worth 10 against a SNAIL (1) and two FROGs (5 each).
/// let left = resolve(("HORSE", 10), &[("SNAIL", 1), ("FROG", 5), ("FROG", 5)]);
/// assert_eq!(left, (vec![("FROG", 1)], Holder::Defender));
/// ```
pub fn resolve<'a>(attacker: Fighter<'a>, defenders: &[Fighter<'a>]) -> (Vec<Fighter<'a>>, Holder) {
    let (attack, left) = conflict(attacker, defenders);
    if attack > 0 {
        return (vec![(attacker.0, attack)], Holder::Attacker);
    }
    let mut order: Vec<usize> = (0..defenders.len()).collect();
    order.sort_by(|&a, &b| by_value_then_name(defenders[a], defenders[b]));
    let survivors: Vec<Fighter<'a>> = (order.into_iter())
        .filter(|&i| left[i] > 0)
        .map(|i| (defenders[i].0, left[i]))
        .collect();
    let holder = match survivors.is_empty() {
        true => Holder::Nobody,
        false => Holder::Defender,
    };
    (survivors, holder)
}

/// Point conflict piece by piece: the attacker's value after the conflict
/// and each defender's (by index), 0 for a piece removed. The attacker
/// meets the defenders lowest value first (ties: the type name first
/// alphabetically); each it outvalues is removed and it loses as much; an
/// equal one is removed with it; a higher one survives, reduced by what
/// the attacker had left, and the rest are untouched.
///
/// ```
/// use relic::mechanics::capture::conflict;
/// // The seed's stack example: the HORSE, the SNAIL and a FROG go, the
/// // other FROG is left with 1.
/// let left = conflict(("HORSE", 10), &[("SNAIL", 1), ("FROG", 5), ("FROG", 5)]);
/// assert_eq!(left, (0, vec![0, 0, 1]));
/// // "SNAIL and HORSE would reduce the HORSE".
/// assert_eq!(conflict(("DOG", 4), &[("SNAIL", 3), ("HORSE", 3)]), (0, vec![2, 0]));
/// ```
pub fn conflict(attacker: Fighter<'_>, defenders: &[Fighter<'_>]) -> (u32, Vec<u32>) {
    let mut order: Vec<usize> = (0..defenders.len()).collect();
    order.sort_by(|&a, &b| by_value_then_name(defenders[a], defenders[b]));
    let mut left: Vec<u32> = defenders.iter().map(|d| d.1).collect();
    let mut attack = attacker.1;
    for i in order {
        if attack == 0 {
            break;
        }
        let value = left[i];
        left[i] = value.saturating_sub(attack);
        attack = attack.saturating_sub(value);
    }
    (attack, left)
}

/// Lower value first; equal values by type name alphabetically.
fn by_value_then_name(a: Fighter<'_>, b: Fighter<'_>) -> std::cmp::Ordering {
    a.1.cmp(&b.1).then(a.0.cmp(b.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_reduce_the_first_type_alphabetically() {
        let left = resolve(("DOG", 4), &[("SNAIL", 3), ("HORSE", 3)]);
        assert_eq!(left, (vec![("SNAIL", 2)], Holder::Defender));
        assert_eq!(resolve(("DOG", 4), &[("DOG", 4)]), (vec![], Holder::Nobody));
        assert_eq!(
            resolve(("SNAIL", 2), &[("FROG", 5)]),
            (vec![("FROG", 3)], Holder::Defender)
        );
    }
}
