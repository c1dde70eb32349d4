//! The problems the semantic check of a vocabulary ruleset finds, each with
//! a stable code (`vocab::...`), a label on the bytes at fault and a help
//! line. Schema problems (unknown keys, wrong types, unknown options) are
//! the shared [`crate::config::RulesetError`]s.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem across the tables of a vocabulary ruleset.
#[derive(Debug, Error, Diagnostic)]
pub enum VocabError {
    /// A name that no table defines.
    #[error("{what} `{name}` is not defined")]
    #[diagnostic(code(vocab::name::unknown), help("{help}"))]
    UnknownName {
        /// What kind of name (`kind`).
        what: &'static str,
        /// The name.
        name: String,
        /// Where.
        #[label("no such {what}")]
        span: SourceSpan,
        /// A suggestion and the names defined.
        help: String,
    },

    /// A name defined twice.
    #[error("{what} `{name}` is defined twice")]
    #[diagnostic(code(vocab::name::duplicate), help("give each {what} its own name"))]
    DuplicateName {
        /// What kind of name.
        what: &'static str,
        /// The name.
        name: String,
        /// The second definition.
        #[label("again here")]
        span: SourceSpan,
        /// The first, when in the same file.
        #[label("first here")]
        first: Option<SourceSpan>,
    },

    /// A kind without exactly one glyph per player.
    #[error("kind `{kind}` has {count} glyphs but the game has {players} players")]
    #[diagnostic(
        code(vocab::kind::glyph_count),
        help("give one glyph per player, in player order")
    )]
    GlyphCount {
        /// The kind.
        kind: String,
        /// Glyphs given.
        count: usize,
        /// Players.
        players: usize,
        /// The glyphs' bytes.
        #[label("{count} glyphs")]
        span: SourceSpan,
    },

    /// A glyph that cannot be drawn in a square.
    #[error("glyph {glyph:?} must be 1 to 3 characters, without spaces, and not `.`")]
    #[diagnostic(
        code(vocab::kind::glyph),
        help("`.` draws an empty square; use letters or symbols")
    )]
    BadGlyph {
        /// The glyph.
        glyph: String,
        /// Where.
        #[label("not a glyph")]
        span: SourceSpan,
    },

    /// Two pieces with the same glyph.
    #[error("glyph `{glyph}` is used by two pieces")]
    #[diagnostic(
        code(vocab::kind::glyph_clash),
        help("every piece of every player needs its own glyph, so boards can be read")
    )]
    GlyphClash {
        /// The glyph.
        glyph: String,
        /// The second use.
        #[label("again here")]
        span: SourceSpan,
        /// The first, when in the same file.
        #[label("first here")]
        first: Option<SourceSpan>,
    },

    /// A board over the interpreter's size limit.
    #[error("the board has {cells} squares, more than the 128 a vocabulary board may have")]
    #[diagnostic(
        code(vocab::board::too_large),
        help("make `width` times `height` at most 128")
    )]
    BoardTooLarge {
        /// Squares.
        cells: usize,
        /// The board table's bytes.
        #[label("{cells} squares")]
        span: SourceSpan,
    },

    /// Neighbours that are neither 4 nor 8, or given on a hex board.
    #[error("`board.neighbours` is {value}; {expected}")]
    #[diagnostic(
        code(vocab::board::neighbours),
        help("square boards have 4 or 8 neighbours; hex boards always 6 (leave the key out)")
    )]
    Neighbours {
        /// The value.
        value: u8,
        /// What fits.
        expected: &'static str,
        /// Where.
        #[label("not a neighbourhood of this board")]
        span: SourceSpan,
    },

    /// A setup with the wrong number of rows.
    #[error("`board.setup` has {found} rows but the board is {height} high")]
    #[diagnostic(
        code(vocab::setup::rows),
        help("write one row per board row, from the north edge down")
    )]
    SetupRows {
        /// Rows written.
        found: usize,
        /// The board height.
        height: u8,
        /// Where.
        #[label("{found} rows")]
        span: SourceSpan,
    },

    /// A setup row of the wrong width.
    #[error("setup row {row} has {found} squares but the board is {width} wide")]
    #[diagnostic(
        code(vocab::setup::width),
        help(
            "one glyph or `.` per square; separate glyphs by spaces when any is longer than one letter"
        )
    )]
    SetupWidth {
        /// The row, counted from the north edge, from 1.
        row: usize,
        /// Squares written.
        found: usize,
        /// The board width.
        width: u8,
        /// Where.
        #[label("{found} squares")]
        span: SourceSpan,
    },

    /// A setup glyph that no kind has.
    #[error("`{glyph}` in the setup is not the glyph of any piece")]
    #[diagnostic(code(vocab::setup::glyph), help("{help}"))]
    SetupGlyph {
        /// The glyph.
        glyph: String,
        /// Where, inside the string.
        #[label("unknown glyph")]
        span: SourceSpan,
        /// A suggestion and the glyphs.
        help: String,
    },

    /// A line longer than the board allows in every direction asked for.
    #[error("a line of {length} never fits: the longest line on this board is {longest}")]
    #[diagnostic(
        code(vocab::outcome::line_too_long),
        help("shorten `length`, enlarge the board, or allow more line directions")
    )]
    LineTooLong {
        /// The length asked for.
        length: u8,
        /// The longest that fits.
        longest: u8,
        /// Where.
        #[label("can never happen")]
        span: SourceSpan,
    },

    /// A size-based covering rule where every piece has the same size.
    #[error("`stacking.cover` is `larger` but every kind has size {size}")]
    #[diagnostic(
        code(vocab::stacking::no_sizes),
        help("give the kinds different `size`s, or use `cover = \"any\"`")
    )]
    StackWithoutSizes {
        /// The one size.
        size: u8,
        /// Where.
        #[label("nothing is larger than anything else")]
        span: SourceSpan,
    },

    /// A browser key that cannot choose an action.
    #[error("`{key}` cannot be the key of an action")]
    #[diagnostic(code(vocab::action::key), help("{help}"))]
    BadKey {
        /// The key as written.
        key: String,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// Why not.
        label: String,
        /// What to write instead.
        help: String,
    },

    /// Two rules that contradict each other.
    #[error("{message}")]
    #[diagnostic(code(vocab::contradiction), help("{help}"))]
    Contradiction {
        /// What contradicts what.
        message: String,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// The label.
        label: String,
        /// How to resolve it.
        help: String,
    },

    /// A key that means nothing for the action's mechanic.
    #[error("`{key}` does nothing for a `{mechanic}` action")]
    #[diagnostic(code(vocab::action::key_unused), help("{help}"))]
    KeyUnused {
        /// The key.
        key: String,
        /// The mechanic.
        mechanic: String,
        /// Where.
        #[label("not used by `{mechanic}`")]
        span: SourceSpan,
        /// Which mechanics use it.
        help: String,
    },

    /// A direction that means nothing on this board.
    #[error("direction `{direction}` does not exist on a {shape} board")]
    #[diagnostic(code(vocab::geometry::direction), help("{help}"))]
    Direction {
        /// The direction.
        direction: String,
        /// The board shape.
        shape: &'static str,
        /// Where.
        #[label("not a direction here")]
        span: SourceSpan,
        /// The directions there are.
        help: String,
    },

    /// Something the rules say that can never happen.
    #[error("{message}")]
    #[diagnostic(code(vocab::never), help("{help}"))]
    Never {
        /// What can never happen.
        message: String,
        /// Where.
        #[label("can never happen")]
        span: SourceSpan,
        /// Why, and how to fix it.
        help: String,
    },

    /// Play may go on forever.
    #[error(
        "play may never end: pieces can move back and forth and there is no `outcomes.turn_limit`"
    )]
    #[diagnostic(
        code(vocab::outcome::endless),
        help("add `[outcomes.turn_limit]` with `turns = ...`")
    )]
    Endless {
        /// The move rule that can undo itself.
        #[label("this can move a piece back")]
        span: SourceSpan,
    },

    /// A counter's bounds that hold no value, a start outside them, or an
    /// outcome's bound outside them.
    #[error("counter `{counter}`: {message}")]
    #[diagnostic(code(vocab::counter::bounds), help("{help}"))]
    CounterBounds {
        /// The counter.
        counter: String,
        /// What is out of bounds.
        message: String,
        /// Where.
        #[label("{label}")]
        span: SourceSpan,
        /// The label.
        label: String,
        /// How to fix it.
        help: String,
    },

    /// An action that no phase of the turn allows.
    #[error("action `{action}` is in no phase of the turn")]
    #[diagnostic(
        code(vocab::phase::missing),
        help(
            "add `\"{action}\"` to the `actions` of a `[[turns.phases]]` table, or remove the action"
        )
    )]
    PhaseMissing {
        /// The action.
        action: String,
        /// Its name.
        #[label("never allowed")]
        span: SourceSpan,
    },

    /// `ends_after` naming an action its phase does not allow.
    #[error("phase `{phase}` ends after `{action}`, which it does not allow")]
    #[diagnostic(code(vocab::phase::ends), help("{help}"))]
    PhaseEnds {
        /// The phase.
        phase: String,
        /// The action named.
        action: String,
        /// Where.
        #[label("not an action of this phase")]
        span: SourceSpan,
        /// The phase's actions.
        help: String,
    },

    /// A placeholder a message cannot fill.
    #[error("message `{key}` uses `{{{name}}}`, which it cannot fill")]
    #[diagnostic(code(vocab::message::placeholder), help("{help}"))]
    Placeholder {
        /// The message key.
        key: String,
        /// The placeholder's name.
        name: String,
        /// Where, inside the string.
        #[label("unknown placeholder")]
        span: SourceSpan,
        /// The placeholders it can use.
        help: String,
    },

    /// A player's colour that is not a colour.
    #[error("`{colour}` is not a colour")]
    #[diagnostic(code(vocab::player::colour), help("{help}"))]
    BadColour {
        /// The text given.
        colour: String,
        /// Where.
        #[label("not a CSS colour name or `#rrggbb`")]
        span: SourceSpan,
        /// The nearest colour name, and what a colour is.
        help: String,
    },

    /// Two players drawn in the same colour.
    #[error("players `{first}` and `{second}` are both drawn in `{colour}`")]
    #[diagnostic(
        code(vocab::player::same_colour),
        help("give each player its own `colour`, so that the board tells their pieces apart")
    )]
    SameColour {
        /// The first player.
        first: String,
        /// The second.
        second: String,
        /// The colour.
        colour: String,
        /// The second player's colour, or its name.
        #[label("the same colour as `{first}`")]
        span: SourceSpan,
    },

    /// A kind's `draw.symbols` without exactly one symbol per player.
    #[error("kind `{kind}` has {count} symbols but the game has {players} players")]
    #[diagnostic(
        code(vocab::kind::symbol_count),
        help("give one symbol per player, in player order, or one `symbol` for every player")
    )]
    SymbolCount {
        /// The kind.
        kind: String,
        /// Symbols given.
        count: usize,
        /// Players.
        players: usize,
        /// The symbols' bytes.
        #[label("{count} symbols")]
        span: SourceSpan,
    },

    /// A piece's symbol that cannot be drawn.
    #[error("symbol {symbol:?} cannot be drawn on a piece")]
    #[diagnostic(
        code(vocab::kind::symbol),
        help("a symbol is 1 to 3 visible characters (`1`, `K`, `♞`), or `\"\"` for none")
    )]
    BadSymbol {
        /// The symbol.
        symbol: String,
        /// Where.
        #[label("white space or control characters")]
        span: SourceSpan,
    },
}
