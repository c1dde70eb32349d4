//! What one generation reads many times, computed once per position
//! ([`Scan`]): the occupied and empty squares, the squares each kind may
//! cover and, when a rule asks, the squares where the mover may cover
//! under a threat; all as words of the width the board needs ([`Bits`]).

use std::cell::Cell;

use super::bits::Bits;
use super::compile::Cells;
use super::lines16;
use super::schema::{Cover, Onto};
use super::state::{MAX_KINDS, VocabGame};

/// What one generation reads many times, computed once per position.
pub(super) struct Scan<W> {
    /// Every square with a piece.
    pub(super) occupied: W,
    /// Every square of the board.
    pub(super) board: W,
    /// Per kind: the occupied squares whose top a piece of that kind may
    /// cover (the stacking rule and the stack height allowing).
    pub(super) cover: [W; MAX_KINDS],
    /// The squares where the mover may cover under a covering condition
    /// ([`Scan::threat`]), computed when first needed.
    threat: Cell<Option<W>>,
}

impl<W: Bits> Scan<W> {
    /// A blank scan, to [`Self::fill`] in place: a scan is a few hundred
    /// bytes, and returning a filled one by value made the compiler copy
    /// it, which cost more than the rest of a small game's turn.
    #[inline(always)]
    pub(super) fn blank() -> Scan<W> {
        Scan {
            occupied: W::NONE,
            board: W::NONE,
            cover: [W::NONE; MAX_KINDS],
            threat: Cell::new(None),
        }
    }

    /// Fills a [`Self::blank`] scan from `game`, whose board fits in `W`;
    /// the covering masks only where pieces cover.
    #[inline(always)]
    pub(super) fn fill(&mut self, game: &VocabGame) {
        self.occupied = W::of(game.occupied());
        self.board = W::of(game.program.board);
        if game.program.cover != Cover::None {
            self.fill_cover(game);
        }
    }

    /// Fills [`Self::cover`] from the squares the position keeps per kind
    /// on top.
    #[inline(always)]
    fn fill_cover(&mut self, game: &VocabGame) {
        let p = &game.program;
        let kinds = p.kinds.len().min(MAX_KINDS);
        // The occupied squares by the kind on top, where a stack has room.
        let room = !W::of(game.full());
        if p.cover == Cover::Any {
            let open = game.kind_tops[..kinds]
                .iter()
                .fold(W::NONE, |a, &m| a | W::of(m));
            self.cover[..kinds].fill(open & room);
            return;
        }
        if p.sizes_falling {
            // Each kind covers the kinds declared after it.
            let mut smaller = W::NONE;
            for k in (0..kinds).rev() {
                self.cover[k] = smaller;
                smaller |= W::of(game.kind_tops[k]) & room;
            }
            return;
        }
        // `larger`: smallest kinds first; each kind covers every strictly
        // smaller size seen before it.
        let (mut smaller, mut pending, mut size) = (W::NONE, W::NONE, 0);
        for &k in p.by_size.iter().rev() {
            let k = usize::from(k) % MAX_KINDS;
            let kind_size = p.kinds[k].size;
            if kind_size != size {
                smaller |= pending;
                pending = W::NONE;
                size = kind_size;
            }
            self.cover[k] = smaller;
            pending |= W::of(game.kind_tops[k]) & room;
        }
    }

    /// The empty squares.
    #[inline(always)]
    pub(super) fn empty(&self) -> W {
        self.board & !self.occupied
    }

    /// The squares a piece of `kind` may end on under `onto`, for `empty`
    /// and `cover` (the other targets depend on owners: `None`).
    #[inline(always)]
    pub(super) fn targets(&self, onto: Onto, kind: u8) -> Option<W> {
        match onto {
            Onto::Empty => Some(self.empty()),
            Onto::Cover => Some(self.empty() | self.cover[usize::from(kind) % MAX_KINDS]),
            _ => None,
        }
    }

    /// The squares where `me` may cover under a threat: an opponent's
    /// visible piece in a winning line where that opponent shows all but
    /// one of the line's pieces ([`VocabGame::threatened`] square by
    /// square), computed once per scan.
    #[inline(always)]
    pub(super) fn threat(&self, game: &VocabGame, me: usize) -> W {
        if let Some(threat) = self.threat.get() {
            return threat;
        }
        let threat = threat_mask(game, me);
        self.threat.set(Some(threat));
        threat
    }
}

/// [`Scan::threat`], computed.
#[inline(always)]
fn threat_mask<W: Bits>(game: &VocabGame, me: usize) -> W {
    let mut out = W::NONE;
    let players = game.program.players.len();
    if let Some(small) = &game.program.lines.small {
        for p in (0..players).filter(|&p| p != me) {
            out |= W::of(Cells::from(lines16::threatened(small, game.tops[p] as u16)));
        }
        return out;
    }
    for p in (0..players).filter(|&p| p != me) {
        let tops = W::of(game.tops[p]);
        for &mask in &game.program.lines.masks {
            let mask = W::of(mask);
            // Branch-free: whether a line is threatened is a coin toss.
            out |= tops & mask & W::all_if((mask & !tops).at_most_one());
        }
    }
    out
}

/// Runs `$body` with `$W` the word that holds `$program`'s board: `u64`
/// up to 64 squares, `u128` beyond.
macro_rules! by_width {
    ($program:expr, $W:ident => $body:expr) => {
        if $program.geometry.cells() <= 64 {
            type $W = u64;
            $body
        } else {
            type $W = u128;
            $body
        }
    };
}
pub(super) use by_width;
