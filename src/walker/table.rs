//! What the two walker interpreters' tables share: kinds of square (and
//! level-walking items) are entries with a name and a glyph, known at run
//! time by their index in the table as a small id, and looked up here.
//!
//! ```
//! use relic::walker::table::{Entry, id_named, id_of_glyph};
//! struct K(&'static str, char);
//! impl Entry for K {
//!     fn name(&self) -> &str { self.0 }
//!     fn glyph(&self) -> Option<char> { Some(self.1) }
//! }
//! let kinds = [K("empty", '_'), K("rock", 'O')];
//! assert_eq!(id_of_glyph(&kinds, 'O'), Some(1));
//! assert_eq!(id_named(&kinds, "empty"), Some(0));
//! assert_eq!(id_named(&kinds, "lava"), None);
//! ```

/// An entry of a table of kinds or items.
pub trait Entry {
    /// The name rulesets and actions call it by.
    fn name(&self) -> &str;
    /// The character boards and levels write it with, if any.
    fn glyph(&self) -> Option<char>;
}

/// The id of the first entry of `table` for which `is` holds.
pub fn id_where<T>(table: &[T], is: impl Fn(&T) -> bool) -> Option<u8> {
    table.iter().position(is).map(|i| i as u8)
}

/// The id of the entry written with `glyph`.
pub fn id_of_glyph<T: Entry>(table: &[T], glyph: char) -> Option<u8> {
    id_where(table, |entry| entry.glyph() == Some(glyph))
}

/// The id of the entry called `name`.
pub fn id_named<T: Entry>(table: &[T], name: &str) -> Option<u8> {
    id_where(table, |entry| entry.name() == name)
}
