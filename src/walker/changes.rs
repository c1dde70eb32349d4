//! Cell states that change by a rule: every cell of one kind becomes
//! another kind once a condition holds (doors open when no coin is left on
//! the board, or when a key is held). Rules are checked after every step.

use super::items::Inventory;

/// When a change happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// No item of this kind is left on the level's board.
    NoneLeft(u8),
    /// The inventory holds at least one item of this kind.
    Held(u8),
}

impl Condition {
    /// Whether the condition holds, given how many items of each kind lie
    /// on the board (`left`) and the inventory.
    ///
    /// ```
    /// use relic::walker::changes::Condition;
    /// use relic::walker::items::Inventory;
    /// assert!(Condition::NoneLeft(0).holds(&[0, 2], &Inventory::new()));
    /// assert!(!Condition::NoneLeft(1).holds(&[0, 2], &Inventory::new()));
    /// assert!(!Condition::Held(1).holds(&[0, 2], &Inventory::new()));
    /// ```
    pub fn holds(self, left: &[u32], inventory: &Inventory) -> bool {
        match self {
            Condition::NoneLeft(item) => left[usize::from(item)] == 0,
            Condition::Held(item) => inventory.count(item) > 0,
        }
    }
}

/// Every cell of kind `from` becomes kind `to` once `when` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Change {
    /// The kind that changes.
    pub from: u8,
    /// What it becomes.
    pub to: u8,
    /// When.
    pub when: Condition,
}

/// Applies every change whose condition holds to `cells` (cell kinds);
/// returns whether any cell changed.
pub fn apply_changes(
    changes: &[Change],
    cells: &mut [u8],
    left: &[u32],
    inventory: &Inventory,
) -> bool {
    let mut changed = false;
    for change in changes {
        if change.when.holds(left, inventory) {
            for cell in cells.iter_mut().filter(|c| **c == change.from) {
                *cell = change.to;
                changed = true;
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOOR: u8 = 3;
    const OPEN: u8 = 4;

    #[test]
    fn doors_open_only_when_the_condition_holds() {
        let rule = [Change {
            from: DOOR,
            to: OPEN,
            when: Condition::NoneLeft(0),
        }];
        let mut cells = vec![0, DOOR, 1, DOOR];
        assert!(!apply_changes(&rule, &mut cells, &[1], &Inventory::new()));
        assert_eq!(cells, [0, DOOR, 1, DOOR]);
        assert!(apply_changes(&rule, &mut cells, &[0], &Inventory::new()));
        assert_eq!(cells, [0, OPEN, 1, OPEN]);
    }

    #[test]
    fn a_held_key_opens_its_doors() {
        let rule = [Change {
            from: DOOR,
            to: OPEN,
            when: Condition::Held(2),
        }];
        let mut inventory = Inventory::new();
        let mut cells = vec![DOOR];
        assert!(!apply_changes(&rule, &mut cells, &[0, 0, 0], &inventory));
        inventory.add(2);
        assert!(apply_changes(&rule, &mut cells, &[0, 0, 0], &inventory));
        assert_eq!(cells, [OPEN]);
    }
}
