//! The problems the check of a core ruleset finds, each with a stable code
//! (`core::...`), a label on the bytes at fault (inside the rules strings
//! where the problem is inside one) and a help line. Schema problems
//! (unknown keys, wrong types) are the shared [`crate::config::RulesetError`]s.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem of a core ruleset.
#[derive(Debug, Error, Diagnostic)]
pub enum CoreError {
    /// Rules text that does not read.
    #[error("the rules do not read here: expected {expected}")]
    #[diagnostic(code(core::rules::syntax), help("{help}"))]
    Syntax {
        /// What was expected.
        expected: String,
        /// Where reading stopped.
        #[label("expected {expected}")]
        span: SourceSpan,
        /// The way to write a known slip, and where the syntax is described.
        help: String,
    },

    /// A name that nothing defines.
    #[error("{what} `{name}` is not defined")]
    #[diagnostic(code(core::name::unknown), help("{help}"))]
    UnknownName {
        /// What kind of name.
        what: &'static str,
        /// The name.
        name: String,
        /// Where.
        #[label("no such {what}")]
        span: SourceSpan,
        /// A suggestion and the names defined.
        help: String,
    },

    /// A name defined twice, or clashing with another name, a keyword or
    /// a direction of the board.
    #[error("{what} `{name}` is already {other}")]
    #[diagnostic(
        code(core::name::duplicate),
        help(
            "kinds, players, directions, variables and macros each need their own name, and none may be a keyword (any, mark, end, next, empty, own, enemy, neutral, count, win, lose, draw, me) or a direction of the board (n, e, s, w, ne, nw, se, sw on a square board); a macro parameter may not be a keyword either, and a macro's name is its key without parameters (`can` and `\"can(d)\"` are one name)"
        )
    )]
    DuplicateName {
        /// What kind of name.
        what: &'static str,
        /// The name.
        name: String,
        /// What the name already is ("a keyword", "a direction of the
        /// board", "the name of a kind").
        other: String,
        /// Where.
        #[label("already {other}")]
        span: SourceSpan,
        /// Where the name was first given, in the same file.
        #[label("first given here")]
        first: Option<SourceSpan>,
    },

    /// A macro key that is not `name` or `name(a, b)`.
    #[error("macro key `{key}` is not a name with an optional parameter list")]
    #[diagnostic(
        code(core::macros::key),
        help(
            "write `name = \"...\"`, or `\"name(a, b)\" = \"...\"` for parameters; a name is a letter or `_`, then letters, digits, `_`, and `-` before a letter (`crush-one`, not `crush-1`)"
        )
    )]
    MacroKey {
        /// The key.
        key: String,
        /// Where.
        #[label("not `name` or `name(a, b)`")]
        span: SourceSpan,
    },

    /// A macro used with the wrong number of arguments.
    #[error("macro `{name}` takes {expected} argument(s), given {found}")]
    #[diagnostic(
        code(core::macros::arity),
        help("the macro is defined as `{signature}`")
    )]
    Arity {
        /// The macro.
        name: String,
        /// Its parameters.
        expected: usize,
        /// Arguments given.
        found: usize,
        /// How it is defined.
        signature: String,
        /// The use.
        #[label("{found} argument(s)")]
        span: SourceSpan,
    },

    /// A macro that uses itself.
    #[error("macro `{name}` uses itself")]
    #[diagnostic(
        code(core::macros::recursive),
        help("macros are expanded at load; use a repetition (`*`) instead of recursion")
    )]
    Recursive {
        /// The macro.
        name: String,
        /// The use that closes the cycle.
        #[label("uses `{name}` again")]
        span: SourceSpan,
    },

    /// A parameter used where a name is needed, given more than a name.
    #[error("parameter `{param}` is used as a name, but its argument is not a single name")]
    #[diagnostic(
        code(core::macros::argument),
        help("pass a single name (a kind, player, direction or variable) for this parameter")
    )]
    Argument {
        /// The parameter.
        param: String,
        /// The argument.
        #[label("not a single name")]
        span: SourceSpan,
    },

    /// A repetition whose body can match without moving or changing
    /// anything: it would loop forever.
    #[error("this repetition can go round without moving the cursor or changing anything")]
    #[diagnostic(
        code(core::repeat::no_progress),
        help(
            "each round of a repetition must shift the cursor, jump, or change a cell or variable; a test alone repeats forever"
        )
    )]
    NoProgress {
        /// The repetition.
        #[label("may make no progress")]
        span: SourceSpan,
    },

    /// Repetition bounds that mean nothing.
    #[error("repetition bounds {min}..{max} are not a range of at most 64")]
    #[diagnostic(
        code(core::repeat::bounds),
        help("write `{{n}}`, `{{m,n}}` with m <= n <= 64, or `{{m,}}`")
    )]
    Bounds {
        /// Fewest.
        min: u32,
        /// Most.
        max: u32,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// Something that only an action may do, inside a pattern.
    #[error("{what} inside a pattern test")]
    #[diagnostic(
        code(core::pattern::effect),
        help(
            "a pattern `{{? ...}}` / `{{! ...}}`, the steps of a `reach` and the rules of a `cells(...)` only look; marks and game ends belong outside them"
        )
    )]
    InPattern {
        /// What.
        what: &'static str,
        /// Where.
        #[label("not allowed in a pattern")]
        span: SourceSpan,
    },

    /// A word used in the wrong place (a kind where a result is needed...).
    #[error("`{word}` cannot be used here: {why}")]
    #[diagnostic(code(core::rules::misplaced), help("{help}"))]
    Misplaced {
        /// The word.
        word: String,
        /// Why.
        why: &'static str,
        /// Where.
        #[label("{why}")]
        span: SourceSpan,
        /// What may go here.
        help: String,
    },

    /// A board that cannot be built.
    #[error("{message}")]
    #[diagnostic(code(core::board::shape), help("{help}"))]
    Board {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },

    /// A kind's glyphs that do not fit the players.
    #[error("kind `{kind}` {problem}")]
    #[diagnostic(
        code(core::kind::glyphs),
        help(
            "give `glyphs` with one glyph per player, or `glyph` for a neutral kind; glyphs are 1 to 3 characters, not `.`, each used once"
        )
    )]
    Glyphs {
        /// The kind.
        kind: String,
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A kind's `draw.symbols` that do not fit its owners.
    #[error("kind `{kind}` {problem}")]
    #[diagnostic(
        code(core::kind::symbols),
        help(
            "give `symbols` only to a kind with `glyphs`, one per player in player order, and not with `symbol`; each is 1 to 3 visible characters"
        )
    )]
    Symbols {
        /// The kind.
        kind: String,
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A starting position that does not fit the board.
    #[error("setup row {row}: {problem}")]
    #[diagnostic(
        code(core::setup::row),
        help("rows run from the north edge down, one glyph (or `.`) per cell of the board")
    )]
    Setup {
        /// The row (1 = the northmost).
        row: usize,
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A variable whose bounds do not hold its start.
    #[error("variable `{name}` starts at {start}, outside {min}..={max}")]
    #[diagnostic(code(core::variable::range), help("make min <= start <= max"))]
    VariableRange {
        /// The variable.
        name: String,
        /// Start.
        start: i32,
        /// Least.
        min: i32,
        /// Greatest.
        max: i32,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A per-player start that does not fit the players.
    #[error("variable `{name}` {problem}")]
    #[diagnostic(
        code(core::variable::start),
        help(
            "give a per-player variable (`per_player = true`) one start per player, in player order, or one number for all"
        )
    )]
    VariableStart {
        /// The variable.
        name: String,
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A program beyond what the interpreter holds.
    #[error("{what}")]
    #[diagnostic(code(core::limit), help("{help}"))]
    Limit {
        /// What is too large.
        what: String,
        /// Where.
        #[label("too large")]
        span: SourceSpan,
        /// The limit.
        help: String,
    },

    /// A `[browser]` entry that does not fit the board: a point it does
    /// not have, a gap between points that are not neighbours, lines or
    /// dots on a board of squares.
    #[error("browser: {message}")]
    #[diagnostic(code(core::browser), help("{help}"))]
    Browser {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },

    /// A `colours` list that does not fit the players, or an entry that is
    /// not a colour.
    #[error("colours: {message}")]
    #[diagnostic(code(core::player::colour), help("{help}"))]
    Colour {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it (the nearest colour name, if one is near).
        help: String,
    },

    /// A penalty action that is not in the game's notation.
    #[error("the penalty `{action}` is not an action of this game")]
    #[diagnostic(
        code(core::penalty),
        help(
            "write an action the rules mark, in their notation, such as `forfeit` for rules with `mark(forfeit)`"
        )
    )]
    Penalty {
        /// The action as written.
        action: String,
        /// Where.
        #[label("not an action")]
        span: SourceSpan,
    },

    /// A `[fen]` table that does not fit the rest of the ruleset.
    #[error("[fen] {message}")]
    #[diagnostic(code(core::fen::table), help("{help}"))]
    FenTable {
        /// What is wrong.
        message: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// How to fix it.
        help: String,
    },
}
