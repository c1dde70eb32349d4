//! The transposition table: open addressing over node ids, keyed by the
//! node's [`Key`] (compared in full, so two positions never merge by a
//! hash collision). It grows by doubling, so its size follows the search.

use super::bits::Bits;
use super::key::{Key, Node};

/// Node ids by key; slot value 0 is empty, otherwise the id plus one.
pub(super) struct Table {
    slots: Vec<u32>,
    len: usize,
}

impl Table {
    pub fn with_capacity(nodes: usize) -> Table {
        let size = (nodes * 2).next_power_of_two().max(1024);
        Table {
            slots: vec![0; size],
            len: 0,
        }
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * size_of::<u32>()
    }

    /// The id of the newest node with `key`, if any.
    pub fn get<B: Bits>(&self, nodes: &[Node<B>], key: &Key<B>) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut slot = key.hash() as usize & mask;
        loop {
            match self.slots[slot] {
                0 => return None,
                id if nodes[id as usize - 1].key == *key => return Some(id - 1),
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    /// Makes `id` the node for its key (replacing an older one).
    pub fn put<B: Bits>(&mut self, nodes: &[Node<B>], id: u32) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(nodes);
        }
        if self.place(nodes, id) {
            self.len += 1;
        }
    }

    /// Places `id`; whether it took a new slot.
    fn place<B: Bits>(&mut self, nodes: &[Node<B>], id: u32) -> bool {
        let key = &nodes[id as usize].key;
        let mask = self.slots.len() - 1;
        let mut slot = key.hash() as usize & mask;
        loop {
            match self.slots[slot] {
                0 => {
                    self.slots[slot] = id + 1;
                    return true;
                }
                old if nodes[old as usize - 1].key == *key => {
                    self.slots[slot] = id + 1;
                    return false;
                }
                _ => slot = (slot + 1) & mask,
            }
        }
    }

    fn grow<B: Bits>(&mut self, nodes: &[Node<B>]) {
        let size = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        for id in old.into_iter().filter(|&id| id != 0) {
            self.place(nodes, id - 1);
        }
    }
}
