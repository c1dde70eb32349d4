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
    let total: u64 = defenders.iter().map(|d| u64::from(d.1)).sum();
    let attack = u64::from(attacker.1);
    if attack > total {
        let left = (attacker.0, (attack - total) as u32);
        return (vec![left], Holder::Attacker);
    }
    if attack == total {
        return (Vec::new(), Holder::Nobody);
    }
    let mut order: Vec<Fighter<'a>> = defenders.to_vec();
    order.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(b.0)));
    let mut remaining = attacker.1;
    let mut left = Vec::new();
    for (name, value) in order {
        if remaining >= value {
            remaining -= value;
        } else {
            left.push((name, value - remaining));
            remaining = 0;
        }
    }
    (left, Holder::Defender)
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
