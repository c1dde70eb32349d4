//! An inventory: items held by kind, with counts, in order of first
//! arrival. A kind whose count drops to 0 leaves the inventory and, picked
//! up again, re-enters at the end.

/// Items held: (item kind, count) in order of arrival, counts above 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Inventory {
    held: Vec<(u8, u32)>,
}

impl Inventory {
    /// An empty inventory.
    pub fn new() -> Inventory {
        Inventory::default()
    }

    /// Adds one item of kind `item`.
    pub fn add(&mut self, item: u8) {
        match self.held.iter_mut().find(|(kind, _)| *kind == item) {
            Some((_, count)) => *count += 1,
            None => self.held.push((item, 1)),
        }
    }

    /// Removes one item of kind `item`; false (and no change) if none is
    /// held.
    ///
    /// ```
    /// use relic::walker::items::Inventory;
    /// let mut inventory = Inventory::new();
    /// inventory.add(3);
    /// inventory.add(1);
    /// assert!(inventory.take(3));
    /// assert!(!inventory.take(3));
    /// inventory.add(3);
    /// assert_eq!(inventory.held(), [(1, 1), (3, 1)]);
    /// ```
    pub fn take(&mut self, item: u8) -> bool {
        let Some(index) = self.held.iter().position(|(kind, _)| *kind == item) else {
            return false;
        };
        self.held[index].1 -= 1;
        if self.held[index].1 == 0 {
            self.held.remove(index);
        }
        true
    }

    /// How many items of kind `item` are held.
    pub fn count(&self, item: u8) -> u32 {
        self.held
            .iter()
            .find(|(kind, _)| *kind == item)
            .map_or(0, |(_, count)| *count)
    }

    /// Every kind held and its count, in order of arrival.
    pub fn held(&self) -> &[(u8, u32)] {
        &self.held
    }

    /// Whether nothing is held.
    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_grow_in_place_and_kinds_keep_their_arrival_order() {
        let mut inventory = Inventory::new();
        for item in [2, 0, 2, 1, 0] {
            inventory.add(item);
        }
        assert_eq!(inventory.held(), [(2, 2), (0, 2), (1, 1)]);
        assert!(inventory.take(2));
        assert_eq!(inventory.count(2), 1);
        assert_eq!(inventory.held(), [(2, 1), (0, 2), (1, 1)]);
    }

    #[test]
    fn a_used_up_kind_re_enters_at_the_end() {
        let mut inventory = Inventory::new();
        inventory.add(5);
        inventory.add(6);
        assert!(inventory.take(5));
        assert_eq!(inventory.held(), [(6, 1)]);
        inventory.add(5);
        assert_eq!(inventory.held(), [(6, 1), (5, 1)]);
        assert!(!Inventory::new().take(0));
    }
}
