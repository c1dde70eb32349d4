//! The problems the semantic check of a walker ruleset finds, each with a
//! stable code (`walker::...`), a label on the bytes at fault and a help
//! line. Schema problems (unknown keys, wrong types, unknown options) are
//! the shared [`crate::config::RulesetError`]s.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem across the tables of a walker ruleset.
#[derive(Debug, Error, Diagnostic)]
pub enum WalkerError {
    /// A name that no table defines.
    #[error("{what} `{name}` is not defined")]
    #[diagnostic(code(walker::name::unknown), help("{help}"))]
    UnknownName {
        /// What kind of name (`kind`, `rule`).
        what: &'static str,
        /// The name.
        name: String,
        /// Where.
        #[label("no such {what}")]
        span: SourceSpan,
        /// A suggestion and the names defined.
        help: String,
    },

    /// A name, glyph or letter used twice.
    #[error("{what} `{name}` is defined twice")]
    #[diagnostic(code(walker::name::duplicate), help("give each {what} its own"))]
    Duplicate {
        /// What (`kind name`, `glyph`, `action letter`).
        what: &'static str,
        /// The name.
        name: String,
        /// The second definition.
        #[label("again here")]
        span: SourceSpan,
    },

    /// A glyph that patterns cannot use.
    #[error("glyph `{glyph}` is reserved")]
    #[diagnostic(
        code(walker::kind::glyph),
        help(
            "`?` and `*` are pattern syntax, `|` and white space are board syntax: pick another character"
        )
    )]
    ReservedGlyph {
        /// The glyph.
        glyph: String,
        /// Where.
        #[label("reserved")]
        span: SourceSpan,
    },

    /// A pattern cell that is not `?`, a glyph, or a glyph and `*`.
    #[error("`{cell}` is not a pattern cell")]
    #[diagnostic(code(walker::physics::cell), help("{help}"))]
    BadCell {
        /// The cell as written.
        cell: String,
        /// Where.
        #[label("not a cell")]
        span: SourceSpan,
        /// The glyphs there are.
        help: String,
    },

    /// A pattern whose rows or whose `match` and `becomes` differ in shape.
    #[error("{message}")]
    #[diagnostic(
        code(walker::physics::shape),
        help("`match` and `becomes` are rectangles of the same size, rows from the top")
    )]
    Shape {
        /// What differs.
        message: String,
        /// Where.
        #[label("this pattern")]
        span: SourceSpan,
    },

    /// A rule that writes a cell it does not match, or changes nothing.
    #[error("rule `{rule}` {message}")]
    #[diagnostic(code(walker::physics::rule), help("{help}"))]
    BadRule {
        /// The rule.
        rule: String,
        /// What is wrong.
        message: String,
        /// Where.
        #[label("this rule")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },

    /// A rule that might fire forever.
    #[error("rule `{rule}` does not lower anything, so settling might never end")]
    #[diagnostic(
        code(walker::physics::may_not_terminate),
        help(
            "every rule must lower the sum of the heights of the non-empty cells it covers (a roll is written with the first square of its fall: [[\"_\", \"O\"], [\"_\", \"O\"]] -> [[\"_\", \"_\"], [\"O*\", \"O\"]])"
        )
    )]
    MayNotTerminate {
        /// The rule.
        rule: String,
        /// Where.
        #[label("sum of heights {before} before, {after} after")]
        span: SourceSpan,
        /// Before.
        before: i32,
        /// After.
        after: i32,
    },

    /// A rule that would move, make or remove the actor.
    #[error("rule `{rule}` changes the actor `{actor}`")]
    #[diagnostic(
        code(walker::physics::actor),
        help(
            "physics may match the actor (it holds things up, it can be crushed) but only actions move it"
        )
    )]
    MovesActor {
        /// The rule.
        rule: String,
        /// The actor's glyph.
        actor: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// An action that cannot be taken.
    #[error("action `{action}` {message}")]
    #[diagnostic(code(walker::action), help("{help}"))]
    BadAction {
        /// The action.
        action: String,
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },

    /// A role played by an unfit kind.
    #[error("{message}")]
    #[diagnostic(code(walker::role), help("{help}"))]
    BadRole {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },
}
