//! What `relic rules decided` says about one mark ([`super::stops`]),
//! kept in the compiled program: a leaf, so that the program's module
//! needs nothing of the analysis that fills it.

use super::ast::Spot;

/// What listing does after one mark as written (every copy of it that
/// macros make).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingNote {
    /// The mark.
    pub mark: Spot,
    /// Why listing goes on after it, if it does: the blamed instruction's
    /// reason and where it is written.
    pub why: Option<(Blame, Spot)>,
}

/// What keeps listing going after a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blame {
    /// Another mark may follow.
    MarkFollows,
    /// Something on the way to the turn's end may fail.
    MayFail,
}

/// What `relic rules decided` reads of a program: a note per mark, and
/// the rules texts their spots point into (where each is written, such
/// as `macros.move`, and its text). Two programs compare equal whatever
/// their notes: the same rules written with their macros expanded are the
/// same game.
#[derive(Clone, Debug, Default)]
pub struct SourceNotes {
    /// One note per mark as written.
    pub marks: Vec<ListingNote>,
    /// The rules texts: where each is written and its text.
    pub texts: Vec<(String, String)>,
}

impl PartialEq for SourceNotes {
    fn eq(&self, _: &SourceNotes) -> bool {
        true
    }
}

impl Eq for SourceNotes {}
