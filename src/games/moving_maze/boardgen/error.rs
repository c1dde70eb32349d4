//! Why a board cannot be generated.

use miette::Diagnostic;
use thiserror::Error;

use super::BoardSpec;
use crate::games::moving_maze::board::BoardLimits;

/// Why `relic board new` cannot make the board asked for.
#[derive(Clone, Debug, PartialEq, Eq, Error, Diagnostic)]
pub enum GenerateError {
    /// The width or height is outside the ruleset's bounds.
    #[error("a {what} of {value} is outside the ruleset's bounds {min} to {max}")]
    #[diagnostic(code(boardgen::size), help("choose a {what} from {min} to {max}{odd}"))]
    Size {
        /// `width` or `height`.
        what: &'static str,
        /// The value asked for.
        value: u8,
        /// The smallest allowed.
        min: u8,
        /// The largest allowed.
        max: u8,
        /// A note when sizes must be odd.
        odd: &'static str,
    },
    /// The ruleset requires odd sizes.
    #[error("a {what} of {value} is even; the ruleset requires odd sizes")]
    #[diagnostic(code(boardgen::even_size), help("choose an odd {what}"))]
    EvenSize {
        /// `width` or `height`.
        what: &'static str,
        /// The value asked for.
        value: u8,
    },
    /// K is above the ruleset's maximum.
    #[error("{relics} relics of each colour is more than the ruleset's maximum of {max}")]
    #[diagnostic(code(boardgen::relic_count), help("choose --relics from 0 to {max}"))]
    RelicCount {
        /// K asked for.
        relics: u8,
        /// The ruleset's largest K.
        max: u8,
    },
    /// The relics do not fit on the tiles that are not start corners.
    #[error(
        "{needed} relics do not fit on the {free} tiles of a {width}x{height} maze that are not start corners"
    )]
    #[diagnostic(
        code(boardgen::too_many_relics),
        help("use fewer relics or a larger board")
    )]
    TooManyRelics {
        /// Relics to place: K times the number of colours.
        needed: usize,
        /// Tiles they may go on.
        free: usize,
        /// The maze width.
        width: u8,
        /// The maze height.
        height: u8,
    },
    /// The ruleset's tile mix has no tiles.
    #[error("the ruleset's tile mix is empty")]
    #[diagnostic(
        code(boardgen::empty_mix),
        help("give [tiles] at least one straight, corner or junction")
    )]
    EmptyMix,
    /// The generated board failed the board checker (a bug).
    #[error("the generated board is invalid: {0}")]
    #[diagnostic(code(boardgen::internal), help("please report this as a bug"))]
    Internal(String),
}

/// Checks the size and K against the ruleset's limits.
pub(super) fn check_spec(spec: &BoardSpec, limits: &BoardLimits) -> Result<(), GenerateError> {
    let odd = if limits.odd_sizes { ", odd" } else { "" };
    let dimensions = [
        ("width", spec.width, limits.min_width, limits.max_width),
        ("height", spec.height, limits.min_height, limits.max_height),
    ];
    for (what, value, min, max) in dimensions {
        if !(min..=max).contains(&value) || value > crate::games::moving_maze::board::MAX_SIDE {
            return Err(GenerateError::Size {
                what,
                value,
                min,
                max,
                odd,
            });
        }
        if limits.odd_sizes && value % 2 == 0 {
            return Err(GenerateError::EvenSize { what, value });
        }
    }
    if spec.relics > limits.max_relics {
        return Err(GenerateError::RelicCount {
            relics: spec.relics,
            max: limits.max_relics,
        });
    }
    Ok(())
}
