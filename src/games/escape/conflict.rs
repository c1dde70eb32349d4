//! Point conflict: what is left when a piece lands on a square of
//! opposing pieces, each worth its current value.
//!
//! The lower side is removed and the higher loses as much as the lower was
//! worth; equal values remove both. Against several defenders (a stack) the
//! defenders are taken in order of value, lowest first, ties broken by
//! type name alphabetically, each removed while the attacker's value
//! covers it, the next one reduced by what remains. Removed points count
//! for nobody.

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
/// use relic::games::escape::conflict::{resolve, Holder};
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
