//! How the browser shows a vocabulary game, compiled at load from the
//! ruleset: each seat's colour (`[[players]] colour`, else the colour its
//! name names, else a free one of a small palette), how each kind of piece
//! is drawn (`[kinds.draw]`) and whether quitting asks first
//! (`[browser] confirm_quit`) and whether squares alternate light and
//! dark (`[browser] checkered`). Nothing here is read by the engine.

use super::schema::{PieceDraw, PlayerSpec, VocabRuleset};
use crate::config::colour::colour_named;

/// The colours a seat gets when neither its ruleset nor its name gives
/// one, the first not taken by another seat.
const PALETTE: [&str; 5] = ["blue", "red", "green", "orange", "purple"];

/// The browser's look of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appearance {
    /// Each seat's colour, in turn order: a CSS colour name or `#rrggbb`.
    pub seat_colours: Vec<String>,
    /// How each kind of piece is drawn, by kind.
    pub kinds: Vec<PieceDraw>,
    /// Whether quitting asks first.
    pub confirm_quit: bool,
    /// Whether squares alternate light and dark.
    pub checkered: bool,
}

impl Appearance {
    /// The look `ruleset` (already checked) asks for.
    pub fn new(ruleset: &VocabRuleset) -> Appearance {
        Appearance {
            seat_colours: seat_colours(&ruleset.players),
            kinds: ruleset.kinds.iter().map(|k| k.draw.clone()).collect(),
            confirm_quit: ruleset.browser.confirm_quit,
            checkered: ruleset.browser.checkered,
        }
    }
}

/// Each player's colour: its own, else the one its name names (`Red`),
/// else the first colour of [`PALETTE`] that no other player has.
///
/// ```
/// use relic::vocab::appearance::seat_colours;
/// use relic::vocab::schema::PlayerSpec;
/// let player = |name: &str, colour: Option<&str>| PlayerSpec {
///     name: name.into(), forward: None, colour: colour.map(String::from),
/// };
/// let players = [player("X", None), player("Blue", None), player("O", Some("#123456"))];
/// assert_eq!(seat_colours(&players), ["red", "blue", "#123456"]);
/// ```
pub fn seat_colours(players: &[PlayerSpec]) -> Vec<String> {
    let given: Vec<Option<String>> = (players.iter())
        .map(|p| {
            let named = || colour_named(&p.name).map(str::to_owned);
            p.colour.clone().or_else(named)
        })
        .collect();
    let mut taken: Vec<String> = given.iter().flatten().map(|c| c.to_lowercase()).collect();
    given
        .into_iter()
        .map(|colour| {
            colour.unwrap_or_else(|| {
                let free = PALETTE.iter().find(|c| !taken.iter().any(|t| t == *c));
                let colour = free.unwrap_or(&PALETTE[0]).to_string();
                taken.push(colour.clone());
                colour
            })
        })
        .collect()
}
