//! Escape's actions, events and refusals, and the one place a move is
//! judged and made.

use crate::contract::{Outcome, Status};
use crate::mechanics::movement::{Coord, Reach};

use crate::mechanics::capture::{Capture, Fighter, conflict};
use crate::mechanics::landing::{Landing, NoLanding};

use super::state::{EscapeGame, Piece};

/// Something a player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move the piece at `from` to `to`.
    Move {
        /// The piece's square.
        from: Coord,
        /// Where it goes.
        to: Coord,
    },
    /// Give up: the other player wins.
    Resign,
    /// Lose for an illegal move, where the ruleset says an illegal move
    /// loses (`illegal-move = "loses"`): the penalty front ends apply
    /// after refusing one ([`crate::contract::Game::penalty`]).
    Forfeit,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A piece moved from one square to another.
    Moved {
        /// Its type's name.
        name: &'static str,
        /// Its owner.
        player: usize,
        /// Where from.
        from: Coord,
        /// Where to.
        to: Coord,
    },
    /// A piece left the board through a location that removes the pieces
    /// arriving (an exit), and its owner scored.
    Escaped {
        /// Its type's name.
        name: &'static str,
        /// Its owner.
        player: usize,
        /// The exit.
        exit: Coord,
        /// The points scored.
        points: u32,
        /// True when it fell in on the way to another square.
        fell: bool,
    },
    /// A piece was removed in a conflict.
    Removed {
        /// Its type's name.
        name: &'static str,
        /// Its owner.
        player: usize,
        /// Where.
        at: Coord,
    },
    /// A piece survived a conflict with a lower value.
    Reduced {
        /// Its type's name.
        name: &'static str,
        /// Where.
        at: Coord,
        /// Its value now.
        value: u32,
    },
    /// A player resigned.
    Resigned(usize),
    /// A player attempted an illegal move, and loses for it.
    Forfeited(usize),
    /// Play ended.
    Ended(Outcome),
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Play is over and someone won.
    #[error("Game is over and {0} has won")]
    OverWon(String),
    /// Play is over in a draw.
    #[error("Game is over and results in a draw")]
    OverDraw,
    /// A forfeit where an illegal move does not lose.
    #[error("An illegal move does not lose under these rules: type `resign` to give up")]
    NoForfeit,
    /// Nothing on the source.
    #[error("There is no piece at {}", show(*.0))]
    NoPiece(Coord),
    /// The source holds the opponent's piece.
    #[error("The piece at {} belongs to {}, and it is {}'s turn", show(*.0), .1, .2)]
    NotYours(Coord, String, String),
    /// Source and destination are the same.
    #[error("The piece at {} would not move", show(*.0))]
    SameLocation(Coord),
    /// The destination is off the board.
    #[error("{} is not on the board", show(*.0))]
    OffBoard(Coord),
    /// No move may end on the destination (a BLOCK).
    #[error("{} is a {}: no piece may land on it", show(*.0), .1)]
    Unlandable(Coord, &'static str),
    /// The destination holds the mover's own piece.
    #[error("{} holds one of {}'s own pieces", show(*.0), .1)]
    OwnPiece(Coord, String),
    /// The destination holds an opponent and no conflict rule is in force.
    #[error("{} holds a piece of {}, and no rule allows landing on it", show(*.0), .1)]
    Occupied(Coord, String),
    /// No path of the piece's pattern within its distance.
    #[error("The {name} at {} cannot reach {}: no {pattern} path of at most {}", show(*.from), show(*.to), steps(*.budget))]
    NoPath {
        /// The piece's type.
        name: &'static str,
        /// Its pattern, in words.
        pattern: &'static str,
        /// Its distance.
        budget: u32,
        /// Where from.
        from: Coord,
        /// Where to.
        to: Coord,
    },
}

/// `1 step`, `2 steps`.
fn steps(n: u32) -> String {
    match n {
        1 => "1 step".to_owned(),
        n => format!("{n} steps"),
    }
}

/// A coordinate as messages write it.
fn show(at: Coord) -> String {
    format!("({}, {})", at.0, at.1)
}

/// A player's name.
pub fn player_name(seat: usize) -> String {
    format!("PLAYER{}", seat + 1)
}

impl EscapeGame {
    /// The seat to move, or the refusal of any action once play is over.
    pub(super) fn seat_to_move(&self) -> Result<usize, Refusal> {
        match self.status {
            Status::ToMove(seat) => Ok(seat),
            Status::Over(Outcome::Draw | Outcome::Stopped) => Err(Refusal::OverDraw),
            Status::Over(outcome) => {
                let winner = outcome.winner().unwrap_or(0);
                Err(Refusal::OverWon(player_name(winner)))
            }
        }
    }

    /// Why `action` is illegal now, or the mover and how it gets there.
    pub(super) fn judge(&self, from: Coord, to: Coord) -> Result<(Piece, Reach, Landing), Refusal> {
        let seat = self.seat_to_move()?;
        let piece = self.piece(from).ok_or(Refusal::NoPiece(from))?;
        if piece.owner != seat {
            return Err(Refusal::NotYours(
                from,
                player_name(piece.owner),
                player_name(seat),
            ));
        }
        let landing = self.judge_destination(seat, from, to)?;
        let kind = self.piece_type(piece);
        let no_path = || Refusal::NoPath {
            name: kind.name,
            pattern: pattern_name(kind.mover.pattern),
            budget: kind.mover.budget,
            from,
            to,
        };
        let reach = self.reach(from, to, &kind.mover).ok_or_else(no_path)?;
        Ok((piece, reach, landing))
    }

    fn judge_destination(&self, seat: usize, from: Coord, to: Coord) -> Result<Landing, Refusal> {
        if from == to {
            return Err(Refusal::SameLocation(from));
        }
        let refusal = match self.landing(seat, to) {
            Ok(landing) => return Ok(landing),
            Err(NoLanding::OffBoard) => Refusal::OffBoard(to),
            Err(NoLanding::Unlandable) => Refusal::Unlandable(to, self.terrain(to).upper()),
            Err(NoLanding::OwnPiece) => Refusal::OwnPiece(to, player_name(seat)),
            Err(NoLanding::Occupied) => Refusal::Occupied(to, player_name(1 - seat)),
        };
        Err(refusal)
    }

    /// Makes a judged move: the piece stops where its path ends (on `to`,
    /// or where it fell in), and there it is removed (and scores) as that
    /// location's arrival says, fights, or stays.
    pub(super) fn make(
        &mut self,
        from: Coord,
        to: Coord,
        piece: Piece,
        (reach, _landing): (Reach, Landing),
        events: &mut Vec<crate::games::escape::Event>,
    ) {
        let name = self.piece_type(piece).name;
        self.take(from);
        let (to, fell) = match reach {
            Reach::FallsAt(stop) => (stop, true),
            Reach::Clean(_) => (to, false),
        };
        if let Some(points) = self.square(to).arrival.points(piece.value) {
            self.scores[piece.owner] = self.scores[piece.owner].saturating_add(points);
            events.push(Event::Escaped {
                name,
                player: piece.owner,
                exit: to,
                points,
                fell,
            });
        } else if self.piece(to).is_some() {
            self.fight(to, piece, events);
        } else {
            self.put(to, piece);
            events.push(Event::Moved {
                name,
                player: piece.owner,
                from,
                to,
            });
        }
        self.moves += 1;
        self.to_move = 1 - self.to_move;
        self.status = Status::ToMove(self.to_move);
        self.end_if_over(piece.owner, events);
    }

    /// A piece lands on an opponent's piece or stack: the configuration's
    /// capture policy says what is left there. Under point conflict the
    /// attacker meets the stack's pieces lowest value first (ties by type
    /// name, [`conflict`]); the other policies remove the whole stack.
    fn fight(&mut self, at: Coord, attacker: Piece, events: &mut Vec<Event>) {
        let defenders: Vec<Piece> = self.stack(at).iter().map(|&(_, p)| p).collect();
        let (attack, left) = self.conflict_values(attacker, &defenders);
        let name = |piece: Piece| self.piece_type(piece).name;
        let mut told = |piece: Piece, value: u32| {
            let (name, player) = (name(piece), piece.owner);
            match value {
                0 => events.push(Event::Removed { name, player, at }),
                value if value != piece.value => events.push(Event::Reduced { name, at, value }),
                _ => {}
            }
        };
        if attack == 0 {
            told(attacker, 0);
        }
        for (&defender, &value) in defenders.iter().zip(&left) {
            told(defender, value);
        }
        let kept: Vec<Piece> = if attack > 0 {
            told(attacker, attack);
            vec![Piece {
                value: attack,
                ..attacker
            }]
        } else {
            (defenders.iter().zip(&left))
                .filter(|&(_, &value)| value > 0)
                .map(|(&piece, &value)| Piece { value, ..piece })
                .collect()
        };
        self.replace_stack(at, kept);
    }

    /// The attacker's value after landing on `defenders` and each
    /// defender's (0: removed), as the configuration's capture policy says.
    fn conflict_values(&self, attacker: Piece, defenders: &[Piece]) -> (u32, Vec<u32>) {
        let name = |piece: Piece| self.piece_type(piece).name;
        match self.table.capture {
            Capture::PointConflict => {
                let fighters: Vec<Fighter<'_>> =
                    defenders.iter().map(|&d| (name(d), d.value)).collect();
                conflict((name(attacker), attacker.value), &fighters)
            }
            capture => {
                let value = (defenders.iter()).fold(attacker.value, |value, &d| {
                    capture.fight((name(attacker), value), (name(d), d.value)).1
                });
                (value, vec![0; defenders.len()])
            }
        }
    }

    /// After `mover`'s move: the race's end (a score goal reached, then a
    /// move limit), else the player to move unable to move.
    fn end_if_over(&mut self, mover: usize, events: &mut Vec<Event>) {
        let race = self.table.race;
        let outcome = race.after_move(self.scores, mover, self.moves).or_else(|| {
            self.settle();
            self.status.outcome()
        });
        if let Some(outcome) = outcome {
            self.status = Status::Over(outcome);
            events.push(Event::Ended(outcome));
        }
    }
}

/// A movement pattern in words.
pub(super) fn pattern_name(pattern: crate::mechanics::movement::Pattern) -> &'static str {
    use crate::mechanics::movement::Pattern;
    match pattern {
        Pattern::Linear => "LINEAR",
        Pattern::Omni => "OMNI",
        Pattern::Orthogonal => "ORTHOGONAL",
        Pattern::Diagonal => "DIAGONAL",
    }
}
