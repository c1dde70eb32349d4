//! The legal actions of the positions a thread met last, each with what
//! it changes: a position's listing is searched once (when the move before
//! it settles whose turn it is) and then serves listing its actions and
//! applying one of them, without a second search to follow its path (an
//! action listed before its path's end goes on from where it was left).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::action::Action;
use super::beneath::Beneath;
use super::program::{Op, Program};

/// How many listings a thread keeps (the most recently used).
const KEPT: usize = 8;

/// One change an action makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A cell gets a code.
    Cell(u16, u8),
    /// A variable slot gets a value.
    Var(u16, i32),
    /// The pieces beneath a cell's top become those of the listing's
    /// [`Listing::beneath`] from an index, so many of them.
    Below(u16, u32, u16),
}

/// The legal actions of one position, in the search's order, each with
/// its changes and the instruction that ended its path. (`Clone` for
/// [`Rc::make_mut`]: a listing is filled while it is held only once.)
#[derive(Clone, Debug, Default)]
pub struct Listing {
    program: Option<Arc<Program>>,
    /// A number no other listing of the process has (0 until kept), by
    /// which a game that knows it finds it again ([`by_serial`]).
    serial: u64,
    cells: Vec<u8>,
    below: Beneath,
    vars: Vec<i32>,
    player: u8,
    turn: Option<u32>,
    /// The position's [`Position::key`].
    key: u64,
    /// The actions.
    pub actions: Vec<Action>,
    /// `ends[i]`: the end of action `i`'s changes in `changes`, and its
    /// ending instruction (a switch or a game end).
    pub ends: Vec<(u32, Op)>,
    /// The changes of every action, one after another.
    pub changes: Vec<Change>,
    /// The pieces of the stacks the changes leave ([`Change::Below`]).
    pub beneath: Vec<u8>,
    /// `resumes[i]`: where action `i`'s path goes on, when it was listed
    /// at a point from which the rest of the turn is decided (its ending
    /// [`Op::Fail`], its changes those made up to there).
    pub resumes: Vec<Resume>,
    /// The cursor registers of the resume points, [`Program::registers`]
    /// of them each.
    ///
    /// [`Program::registers`]: super::program::Program::registers
    pub registers: Vec<u16>,
}

/// Where an action listed before the end of its path goes on: the
/// instruction, the cursor and the player there ([`Listing::resumes`]);
/// [`Resume::FOLLOW`] when it cannot go on from there (pieces were in
/// the hand) and is followed from the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    /// The instruction.
    pub pc: u32,
    /// The cursor.
    pub cur: u16,
    /// The player the rules act for.
    pub player: u8,
}

impl Resume {
    /// An action followed from the start when played.
    pub const FOLLOW: Resume = Resume {
        pc: u32::MAX,
        cur: 0,
        player: 0,
    };
}

/// A position: its cells' tops, the pieces beneath them (empty when no
/// cell holds more than one), its variables and the player to move.
#[derive(Clone, Copy)]
pub struct Position<'a> {
    /// The tops.
    pub cells: &'a [u8],
    /// The pieces beneath the tops.
    pub below: &'a Beneath,
    /// The variables' slots.
    pub vars: &'a [i32],
    /// The player.
    pub player: u8,
    /// The number of actions played, where the rules read it
    /// ([`Program::reads_turn`]).
    pub turn: Option<u32>,
}

impl Position<'_> {
    /// A number that equal positions share, which tells most unequal
    /// ones apart without comparing them.
    pub fn key(&self) -> u64 {
        // One multiplication a word (as FxHash does), mixed at the end.
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mut key = u64::from(self.player) ^ (self.cells.len() as u64) << 8;
        key ^= u64::from(self.turn.unwrap_or(0)) << 32;
        let mut add = |word: u64| key = (key.rotate_left(5) ^ word).wrapping_mul(K);
        for bytes in [self.cells, self.below.pieces()] {
            let mut chunks = bytes.chunks_exact(8);
            for chunk in &mut chunks {
                add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
            }
            for &byte in chunks.remainder() {
                add(u64::from(byte));
            }
            add(bytes.len() as u64);
        }
        for &v in self.vars {
            add(u64::from(v as u32));
        }
        crate::mix::mix(key)
    }
}

impl Listing {
    /// The number that finds this listing again ([`by_serial`]).
    pub fn serial(&self) -> u64 {
        self.serial
    }

    fn is_of(&self, program: &Arc<Program>, at: Position, key: u64) -> bool {
        self.key == key
            && self.player == at.player
            && self.turn == at.turn
            && self
                .program
                .as_ref()
                .is_some_and(|p| Arc::ptr_eq(p, program))
            && self.cells == at.cells
            && self.vars == at.vars
            && self.below == *at.below
    }

    /// The index of `action`, its changes and its ending instruction, if
    /// it is listed.
    pub fn effect(&self, action: &Action) -> Option<(usize, &[Change], Op)> {
        let i = self.actions.iter().position(|a| a == action)?;
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1].0 as usize,
        };
        let (end, op) = self.ends[i];
        Some((i, &self.changes[start..end as usize], op))
    }

    /// Where action `i` goes on and its cursor registers there (when it
    /// was listed before its path's end).
    pub fn resume(&self, i: usize, registers: usize) -> (Resume, &[u16]) {
        (
            self.resumes[i],
            &self.registers[i * registers..][..registers],
        )
    }
}

/// Makes `changes` to a position's `cells`, the pieces `below` them
/// and its variable slots `vars`, the stacks' pieces read from
/// `beneath` ([`Listing::beneath`]).
pub fn make(
    changes: &[Change],
    beneath: &[u8],
    (cells, below): (&mut [u8], &mut Beneath),
    vars: &mut [i32],
) {
    for change in changes {
        match *change {
            Change::Cell(c, code) => cells[usize::from(c)] = code,
            Change::Var(v, value) => vars[usize::from(v)] = value,
            Change::Below(c, from, n) => {
                let pieces = &beneath[from as usize..][..usize::from(n)];
                below.set(usize::from(c), cells.len(), pieces);
            }
        }
    }
}

thread_local! {
    /// The listings kept, the most recently used last.
    static LISTINGS: RefCell<Vec<Rc<Listing>>> = const { RefCell::new(Vec::new()) };
}

/// Forgets every listing this thread keeps, so that the next listing or
/// move of any position searches again (a benchmark of the search does
/// this; play never needs to).
///
/// ```
/// use relic::contract::Game;
/// use relic::lang::{CoreGame, builtin_core, forget_listings};
/// let game = CoreGame::new(builtin_core("hex").unwrap().unwrap());
/// let first = game.legal_actions();
/// forget_listings();
/// assert_eq!(game.legal_actions(), first, "searched again, the same");
/// ```
pub fn forget_listings() {
    LISTINGS.with(|kept| kept.borrow_mut().clear());
}

/// The kept listing numbered `serial` ([`Listing::serial`]), if this
/// thread still keeps it: found without comparing positions, by a game
/// that knows it listed its position so.
pub fn by_serial(serial: u64) -> Option<Rc<Listing>> {
    LISTINGS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let i = (kept.iter()).rposition(|l| l.serial == serial)?;
        if i + 1 < kept.len() {
            let listing = kept.remove(i);
            kept.push(listing);
        }
        kept.last().cloned()
    })
}

/// The kept listing of this position (whose [`Position::key`] is `key`),
/// if any.
pub fn lookup(program: &Arc<Program>, at: Position, key: u64) -> Option<Rc<Listing>> {
    LISTINGS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let i = (kept.iter()).rposition(|l| l.is_of(program, at, key))?;
        let listing = kept.remove(i);
        kept.push(Rc::clone(&listing));
        Some(listing)
    })
}

/// An empty listing for this position (reusing the buffers, and the
/// allocation, of the least recently used one when no game holds it), to
/// be filled by a search through [`Rc::make_mut`] (which never copies it:
/// no one else holds it) and [`keep`]t (`key`: the position's
/// [`Position::key`]).
pub fn blank(program: &Arc<Program>, at: Position, key: u64) -> Rc<Listing> {
    let reused = LISTINGS.with(|kept| {
        let mut kept = kept.borrow_mut();
        match kept.len() >= KEPT && Rc::strong_count(&kept[0]) == 1 && Rc::weak_count(&kept[0]) == 0
        {
            true => Some(kept.remove(0)),
            false => None,
        }
    });
    let mut rc = reused.unwrap_or_default();
    // Held by no one else (taken only so), so never copied here.
    let l = Rc::make_mut(&mut rc);
    l.program = Some(Arc::clone(program));
    l.serial = 0;
    l.cells.clear();
    l.cells.extend_from_slice(at.cells);
    l.below.clone_from(at.below);
    l.vars.clear();
    l.vars.extend_from_slice(at.vars);
    l.player = at.player;
    l.turn = at.turn;
    l.key = key;
    l.actions.clear();
    l.ends.clear();
    l.changes.clear();
    l.beneath.clear();
    l.resumes.clear();
    l.registers.clear();
    rc
}

/// Keeps `listing` as the most recently used one.
pub fn keep(mut listing: Rc<Listing>) -> Rc<Listing> {
    /// The next listing's number (0 is never given).
    static SERIALS: AtomicU64 = AtomicU64::new(1);
    Rc::make_mut(&mut listing).serial = SERIALS.fetch_add(1, Ordering::Relaxed);
    LISTINGS.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push(Rc::clone(&listing));
    });
    listing
}
