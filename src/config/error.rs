//! The problems any game's ruleset file can have (reading, TOML syntax,
//! the schema, `extends`), each with a stable code, a label on the bytes
//! at fault and a help line.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem found while loading a ruleset or checking it against its
/// schema.
#[derive(Debug, Error, Diagnostic)]
pub enum RulesetError {
    /// The file could not be read.
    #[error("cannot read ruleset {path}: {reason}")]
    #[diagnostic(code(rules::io::unreadable), help("{help}"))]
    Unreadable {
        /// The path as given.
        path: String,
        /// What went wrong.
        reason: String,
        /// How to fix it.
        help: String,
    },

    /// The text is not valid TOML.
    #[error("invalid TOML: {message}")]
    #[diagnostic(
        code(rules::toml::syntax),
        help("see https://toml.io for the TOML syntax")
    )]
    Syntax {
        /// The parser's message.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A key the schema does not have.
    #[error("unknown key `{key}` in {table}")]
    #[diagnostic(code(rules::key::unknown), help("{help}"))]
    UnknownKey {
        /// The key.
        key: String,
        /// The table it is in, for example `[board]`.
        table: String,
        /// The key's bytes.
        #[label("not a key of {table}")]
        span: SourceSpan,
        /// A suggestion or the list of known keys.
        help: String,
    },

    /// A required key is missing.
    #[error("{table} is missing the key `{key}`")]
    #[diagnostic(code(rules::key::missing), help("add `{key} = ...`; {about}"))]
    MissingKey {
        /// The key.
        key: String,
        /// The table, for example `players[1]`.
        table: String,
        /// The table's bytes.
        #[label("this needs `{key}`")]
        span: SourceSpan,
        /// What the key means.
        about: String,
    },

    /// A value of the wrong TOML type.
    #[error("`{key}` must be {expected}, not {found}")]
    #[diagnostic(code(rules::value::wrong_type), help("{about}"))]
    WrongType {
        /// The key.
        key: String,
        /// What the schema wants.
        expected: String,
        /// What the file has.
        found: String,
        /// The value's bytes.
        #[label("{found}")]
        span: SourceSpan,
        /// What the key means.
        about: String,
    },

    /// A string that is not one of the key's options.
    #[error("`{value}` is not an option of `{key}`")]
    #[diagnostic(code(rules::value::unknown), help("{help}"))]
    UnknownOption {
        /// The key.
        key: String,
        /// The value written.
        value: String,
        /// The value's bytes.
        #[label("unknown option")]
        span: SourceSpan,
        /// A suggestion and the options.
        help: String,
    },

    /// A number, length or count outside its bounds.
    #[error("`{key}` is {value}, {bounds}")]
    #[diagnostic(code(rules::value::range), help("{about}"))]
    OutOfRange {
        /// The key.
        key: String,
        /// The value (or its length) as a word.
        value: String,
        /// The allowed range, as words.
        bounds: String,
        /// The value's bytes.
        #[label("out of range")]
        span: SourceSpan,
        /// What the key means.
        about: String,
    },

    /// A value of the right type that breaks a rule of its own.
    #[error("{message}")]
    #[diagnostic(code(rules::value::invalid), help("{help}"))]
    InvalidValue {
        /// What is wrong.
        message: String,
        /// The value's bytes.
        #[label("{label}")]
        span: SourceSpan,
        /// The label text.
        label: String,
        /// How to fix it.
        help: String,
    },

    /// A text the ruleset defines (a name, message, glyph or description)
    /// holds a control character, which would reach the terminal raw.
    #[error("`{key}` holds the control character {character}")]
    #[diagnostic(
        code(rules::value::control_character),
        help(
            "names, messages, glyphs and descriptions are printed to terminals: write them without control characters (escape codes could retitle or clear the screen); only line ends and tabs are allowed, and not in names"
        )
    )]
    ControlCharacter {
        /// The key, for example `players[0].name`.
        key: String,
        /// The character, as `U+001B`.
        character: String,
        /// The value's bytes.
        #[label("this value")]
        span: SourceSpan,
    },

    /// More problems than are worth reporting.
    #[error("{more} more problems not shown: relic stops after {shown}")]
    #[diagnostic(
        code(rules::too_many),
        help("fix the problems above and check again; is this a ruleset file?")
    )]
    TooManyProblems {
        /// How many problems were reported.
        shown: usize,
        /// How many were left out.
        more: usize,
        /// Where the first problem left out is.
        #[label("the next problem is here")]
        at: SourceSpan,
    },

    /// Two entries that must differ are the same.
    #[error("{what} `{value}` is given twice")]
    #[diagnostic(code(rules::duplicate), help("{help}"))]
    Duplicate {
        /// What is duplicated, for example `player colour`.
        what: String,
        /// The repeated value.
        value: String,
        /// The second occurrence.
        #[label("again here")]
        span: SourceSpan,
        /// The first occurrence, when in the same file.
        #[label("first here")]
        first: Option<SourceSpan>,
        /// How to fix it.
        help: String,
    },

    /// `extends` names neither a built-in ruleset nor a readable file.
    #[error("`extends` names `{name}`, which is neither a built-in ruleset nor a readable file")]
    #[diagnostic(code(rules::extends::not_found), help("{help}"))]
    ExtendsNotFound {
        /// The name as written.
        name: String,
        /// The value's bytes.
        #[label("{reason}")]
        span: SourceSpan,
        /// Why the file could not be read.
        reason: String,
        /// The built-in names and what was tried.
        help: String,
    },

    /// `extends` leads back to a ruleset already in the chain.
    #[error("`extends` makes a cycle: {chain}")]
    #[diagnostic(
        code(rules::extends::cycle),
        help("a ruleset cannot extend itself, directly or through others")
    )]
    ExtendsCycle {
        /// The chain of names, `a -> b -> a`.
        chain: String,
        /// The value's bytes.
        #[label("leads back to a ruleset in the chain")]
        span: SourceSpan,
    },

    /// An `extends` chain (without a cycle) longer than relic follows.
    #[error("the `extends` chain from {first} holds more than {limit} rulesets")]
    #[diagnostic(
        code(rules::extends::too_deep),
        help("merge some of the files of the chain: each may state several changes at once")
    )]
    ExtendsTooDeep {
        /// The file loaded, where the chain starts.
        first: String,
        /// The most files a chain may hold.
        limit: usize,
        /// The `extends` value that would go past the limit.
        #[label("the {limit}th ruleset of the chain extends one more")]
        span: SourceSpan,
    },

    /// `unset` names a key the ruleset extended does not have.
    #[error("`unset` names `{key}`, which the ruleset extended does not have")]
    #[diagnostic(code(rules::unset::unknown), help("{help}"))]
    UnsetUnknown {
        /// The key path as written.
        key: String,
        /// The entry's bytes.
        #[label("not in the ruleset extended")]
        span: SourceSpan,
        /// A suggestion and the keys there.
        help: String,
    },

    /// `unset` in a file that extends no ruleset.
    #[error("`unset` removes keys of the ruleset extended, but this file extends none")]
    #[diagnostic(
        code(rules::unset::no_parent),
        help("add `extends = \"...\"` naming the ruleset to change, or leave `unset` out")
    )]
    UnsetWithoutParent {
        /// The `unset` key.
        #[label("nothing to remove keys from")]
        span: SourceSpan,
    },

    /// The ruleset extended has problems of its own.
    #[error("the ruleset `{name}` that this extends has problems")]
    #[diagnostic(
        code(rules::extends::invalid),
        help("fix the problems reported for {name}")
    )]
    ParentInvalid {
        /// The parent's name as written.
        name: String,
        /// The value's bytes.
        #[label("has problems")]
        span: SourceSpan,
    },

    /// The ruleset extended checks on its own, but not with what this
    /// file changes (most often an array that replaces the extended one's
    /// entries, which its text still names).
    #[error("`{name}` checks on its own, but not with what this file changes")]
    #[diagnostic(code(rules::extends::changed), help("{help}"))]
    ChangedParentInvalid {
        /// The parent's name as written.
        name: String,
        /// The `extends` value.
        #[label("its problems below come of this file's changes")]
        span: SourceSpan,
        /// The keys of this file that replace an array of the parent's.
        #[label(collection)]
        labels: Vec<miette::LabeledSpan>,
        /// How to fix it.
        help: String,
    },

    /// The checked ruleset still does not fit the schema (a gap in the
    /// checks; the message is serde's).
    #[error("the ruleset does not fit the schema: {message}")]
    #[diagnostic(code(rules::schema), help("see rulesets/README.md for every key"))]
    Schema {
        /// serde's message.
        message: String,
    },
}
