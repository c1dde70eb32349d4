//! Checks of the board and what is on it: glyphs of kinds, the board's
//! size and neighbours, the setup rows and the directions rules name.

use super::{Checker, Step, Step::At, Step::Key};
use crate::config::validate::suggestion_help;
use crate::vocab::compile::{Kind, glyph_code, resolve, setup_tokens};
use crate::vocab::error::VocabError;
use crate::vocab::schema::*;

impl Checker<'_> {
    pub(super) fn kinds(&mut self) {
        let players = self.ruleset.players.len();
        let mut seen: Vec<(String, usize, usize)> = Vec::new();
        for (k, kind) in self.ruleset.kinds.iter().enumerate() {
            let path = [Key("kinds"), At(k), Key("glyphs")];
            if kind.glyphs.len() != players {
                let (file, span) = self.at(&path);
                let error = VocabError::GlyphCount {
                    kind: kind.name.clone(),
                    count: kind.glyphs.len(),
                    players,
                    span,
                };
                self.push(file, error);
            }
            for (g, glyph) in kind.glyphs.iter().enumerate() {
                let (file, span) = self.at(&[Key("kinds"), At(k), Key("glyphs"), At(g)]);
                let length = glyph.chars().count();
                if !(1..=3).contains(&length) || glyph.contains(char::is_whitespace) || glyph == "."
                {
                    self.push(
                        file,
                        VocabError::BadGlyph {
                            glyph: glyph.clone(),
                            span,
                        },
                    );
                } else if let Some(&(_, fk, fg)) = seen.iter().find(|s| &s.0 == glyph) {
                    let (first_file, first) =
                        self.at(&[Key("kinds"), At(fk), Key("glyphs"), At(fg)]);
                    let first = (first_file == file).then_some(first);
                    self.push(
                        file,
                        VocabError::GlyphClash {
                            glyph: glyph.clone(),
                            span,
                            first,
                        },
                    );
                } else {
                    seen.push((glyph.clone(), k, g));
                }
            }
        }
    }

    /// Checks the board's size and neighbours; false when it is too large
    /// to check the setup against.
    pub(super) fn board(&mut self) -> bool {
        let b = &self.ruleset.board;
        let cells = usize::from(b.width) * usize::from(b.height);
        if cells > MAX_CELLS {
            let (file, span) = self.at(&[Key("board")]);
            self.push(file, VocabError::BoardTooLarge { cells, span });
            return false;
        }
        let path = [Key("board"), Key("neighbours")];
        let expected = match b.shape {
            Shape::Square if !matches!(b.neighbours, 4 | 8) => Some("square boards have 4 or 8"),
            Shape::Hex if self.written(&path) => Some("hex boards always have 6"),
            _ => None,
        };
        if let Some(expected) = expected {
            let (file, span) = self.at(&path);
            self.push(
                file,
                VocabError::Neighbours {
                    value: b.neighbours,
                    expected,
                    span,
                },
            );
        }
        true
    }

    pub(super) fn setup(&mut self) {
        let b = &self.ruleset.board;
        if b.setup.is_empty() {
            return;
        }
        if b.setup.len() != usize::from(b.height) {
            let (file, span) = self.at(&[Key("board"), Key("setup")]);
            let found = b.setup.len();
            self.push(
                file,
                VocabError::SetupRows {
                    found,
                    height: b.height,
                    span,
                },
            );
        }
        let kinds = kinds_of(self.ruleset);
        let mut glyphs: Vec<&str> = vec!["."];
        glyphs.extend(
            self.ruleset
                .kinds
                .iter()
                .flat_map(|k| k.glyphs.iter().map(String::as_str)),
        );
        for (r, row) in b.setup.iter().enumerate() {
            let path = [Key("board"), Key("setup"), At(r)];
            let tokens = setup_tokens(row);
            if tokens.len() != usize::from(b.width) {
                let (file, span) = self.inside(&path, 0, row.len());
                let error = VocabError::SetupWidth {
                    row: r + 1,
                    found: tokens.len(),
                    width: b.width,
                    span,
                };
                self.push(file, error);
            }
            for (offset, glyph) in tokens {
                if glyph_code(glyph, &kinds).is_none() {
                    let (file, span) = self.inside(&path, offset, offset + glyph.len());
                    let help = suggestion_help(glyph, "the glyphs are", &glyphs);
                    self.push(
                        file,
                        VocabError::SetupGlyph {
                            glyph: glyph.to_owned(),
                            span,
                            help,
                        },
                    );
                }
            }
        }
    }

    pub(super) fn directions(&mut self) {
        let hex = self.ruleset.board.shape == Shape::Hex;
        for (p, player) in self.ruleset.players.iter().enumerate() {
            if let Some(direction) = player.forward {
                let path = [Key("players"), At(p), Key("forward")];
                self.absolute_direction(&path, direction);
            }
        }
        for (a, action) in self.ruleset.actions.iter().enumerate() {
            if let Some(direction) = action.drop {
                self.absolute_direction(&[Key("actions"), At(a), Key("drop")], direction);
            }
            for (d, &direction) in action.directions.iter().enumerate() {
                if resolve(&self.geometry, direction, 0, 8).is_empty() {
                    let path = [Key("actions"), At(a), Key("directions"), At(d)];
                    self.no_direction(&path, direction, hex);
                }
            }
        }
    }

    /// A direction that must name one absolute direction of this board.
    fn absolute_direction(&mut self, path: &[Step], direction: Direction) {
        let name = crate::vocab::compile::direction_name(direction);
        if self.geometry.direction(&name).is_none() {
            self.no_direction(path, direction, self.ruleset.board.shape == Shape::Hex);
        }
    }

    fn no_direction(&mut self, path: &[Step], direction: Direction, hex: bool) {
        let (file, span) = self.at(path);
        let names: Vec<&str> = self.geometry.directions().iter().map(|d| d.0).collect();
        let help = format!("the directions of this board are {}", names.join(", "));
        let direction = crate::vocab::compile::direction_name(direction);
        let shape = if hex { "hex" } else { "square" };
        self.push(
            file,
            VocabError::Direction {
                direction,
                shape,
                span,
                help,
            },
        );
    }
}

/// The kinds as the compiler sees them, for glyph lookups.
fn kinds_of(ruleset: &VocabRuleset) -> Vec<Kind> {
    (ruleset.kinds.iter())
        .map(|k| Kind {
            name: k.name.clone(),
            glyphs: k.glyphs.clone(),
            size: k.size,
            reserve: k.reserve,
        })
        .collect()
}
