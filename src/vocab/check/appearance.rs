//! The checks of how the browser shows a game: players' colours (a colour,
//! and no two players alike) and the symbols drawn on pieces.

use super::{At, Checker, Key, Step};
use crate::config::colour::{colour_help, is_colour};
use crate::vocab::appearance::seat_colours;
use crate::vocab::error::VocabError;

impl Checker<'_> {
    /// Every player's colour is a colour, no two players share one, and
    /// every kind's symbol can be drawn.
    pub(super) fn appearance(&mut self) {
        let players = &self.ruleset.players;
        for (i, player) in players.iter().enumerate() {
            let Some(colour) = &player.colour else {
                continue;
            };
            if !is_colour(colour) {
                let (file, span) = self.at(&[Key("players"), At(i), Key("colour")]);
                let help = colour_help(colour);
                let colour = colour.clone();
                self.push(file, VocabError::BadColour { colour, span, help });
            }
        }
        self.same_colours();
        self.symbols();
    }

    /// Two players drawn alike, the second labelled (colours that are not
    /// colours are reported as such, not compared).
    fn same_colours(&mut self) {
        let players = &self.ruleset.players;
        let colours: Vec<Option<String>> = (seat_colours(players).into_iter())
            .map(|c| is_colour(&c).then(|| c.to_ascii_lowercase()))
            .collect();
        for (i, colour) in colours.iter().enumerate() {
            let Some(colour) = colour else {
                continue;
            };
            let Some(first) = colours[..i].iter().position(|c| c.as_ref() == Some(colour)) else {
                continue;
            };
            let key = if players[i].colour.is_some() {
                "colour"
            } else {
                "name"
            };
            let path: [Step; 3] = [Key("players"), At(i), Key(key)];
            let (file, span) = self.at(&path);
            let error = VocabError::SameColour {
                first: players[first].name.clone(),
                second: players[i].name.clone(),
                colour: colour.clone(),
                span,
            };
            self.push(file, error);
        }
    }

    /// Symbols with control characters, or only white space, and
    /// per-player symbols that do not match the players.
    fn symbols(&mut self) {
        let players = self.ruleset.players.len();
        for (i, kind) in self.ruleset.kinds.iter().enumerate() {
            for (symbol, at) in kind.draw.given_symbols() {
                let blank = !symbol.is_empty() && symbol.trim().is_empty();
                if blank || symbol.chars().any(char::is_control) {
                    let (file, span) = self.at(&symbol_path(i, at));
                    let symbol = symbol.to_owned();
                    self.push(file, VocabError::BadSymbol { symbol, span });
                }
            }
            let count = kind.draw.symbols.len();
            if count != 0 && count != players {
                let path = [Key("kinds"), At(i), Key("draw"), Key("symbols")];
                let (file, span) = self.at(&path);
                let kind = kind.name.clone();
                let error = VocabError::SymbolCount {
                    kind,
                    count,
                    players,
                    span,
                };
                self.push(file, error);
            }
        }
    }
}

/// The key path of kind `kind`'s `symbol` (`None`) or entry of `symbols`.
fn symbol_path(kind: usize, at: Option<usize>) -> Vec<Step<'static>> {
    let mut path = vec![Key("kinds"), At(kind), Key("draw")];
    match at {
        None => path.push(Key("symbol")),
        Some(j) => path.extend([Key("symbols"), At(j)]),
    }
    path
}
