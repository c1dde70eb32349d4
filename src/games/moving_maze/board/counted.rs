//! A count with its noun, for messages: `1 tile`, `2 tiles`.

use std::fmt;

/// A number of things, displayed with the noun in singular or plural.
///
/// ```
/// use relic::games::moving_maze::board::Counted;
/// assert_eq!(Counted::new(1, "tile").to_string(), "1 tile");
/// assert_eq!(Counted::new(0, "field").to_string(), "0 fields");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// How many.
    pub count: usize,
    /// The singular noun; the plural adds an `s`.
    pub noun: &'static str,
}

impl Counted {
    /// `count` of `noun`.
    pub const fn new(count: usize, noun: &'static str) -> Counted {
        Counted { count, noun }
    }
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.count == 1 { "" } else { "s" };
        write!(f, "{} {}{plural}", self.count, self.noun)
    }
}
