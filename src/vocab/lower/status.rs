//! `neutralise` lowered into the core: a piece that belongs to nobody for
//! some turns.
//!
//! Every use of a neutralising rule is a **paint**: the rule's uses are
//! limited, so each player's each use (`uses_RULE`'s value after spending
//! it) is one paint, and a piece it greys becomes the paint's own grey kind
//! of its size, `grey_KIND_N` (`[become grey_large_2]`, its owner kept);
//! the paint's variable `greyN_left` counts the turns the status has left.
//! A grey kind is none of the kinds the rules name, so a grey piece is in
//! no line, its owner cannot move it, and effects that need an owner do
//! not take it: wherever the rules mean "the player's" or "an opponent's"
//! piece they list the plain kinds (`{own largest, own large, ...}`);
//! where any piece of a size is meant (what a larger piece covers), its
//! grey kinds are listed with it. A grey piece travels with its stack, and
//! sent back to a reserve stack it keeps its paint there (the stack's
//! variable holds `2 + N` rather than 1).
//!
//! At the end of every turn that goes on, each paint's count goes down;
//! where it reaches 0 the status is over: one `scan` lifts every stack into
//! the hand and puts it back piece by piece, turning the paint's grey
//! pieces back into their kinds, and reserve stacks holding the paint's
//! pieces hold plain ones again (the `expire` macro). Grey pieces tell
//! apart pieces of one kind and owner, so a blast's ring sends its tops
//! back in the ring's order: each ring square is flagged with a kind of
//! its place in the ring and swept by a `scan` of its own. A line that shows
//! then is found after the next action, whoever plays it, so with statuses
//! every action looks for lines on the whole board.

use super::Lowering;
use super::text::{choice, join};
use crate::lang::schema::{KindSpec as CoreKind, VariableSpec};
use crate::vocab::schema::Mechanic;

/// One use of a neutralising rule: the grey kinds it paints pieces with.
#[derive(Clone, Debug)]
pub(super) struct Paint {
    /// The neutralising rule.
    rule: usize,
    /// The player who uses it.
    player: usize,
    /// The rule's uses that player has left once this one is spent.
    after: u8,
    /// The variable counting the turns its status has left.
    left: String,
    /// Its grey kind of each kind.
    pub(super) greys: Vec<String>,
}

impl Lowering<'_> {
    /// The paints of every neutralising rule with limited uses, named.
    pub(super) fn name_paints(&mut self) {
        let p = self.p;
        let mut taken = std::mem::take(&mut self.taken);
        for (r, rule) in p.rules.iter().enumerate() {
            let (Mechanic::Neutralise, Some(uses)) = (rule.mechanic, rule.uses) else {
                continue;
            };
            for player in 0..p.players.len() {
                for after in (0..uses).rev() {
                    let n = self.paints.len() + 1;
                    let left = super::fresh(format!("grey{n}_left"), &mut taken);
                    let greys = (self.kinds.iter())
                        .map(|k| super::fresh(format!("grey_{k}_{n}"), &mut taken))
                        .collect();
                    self.paints.push(Paint {
                        rule: r,
                        player,
                        after,
                        left,
                        greys,
                    });
                }
            }
        }
        if self.sends_back() && !self.paints.is_empty() {
            self.held = Some(super::fresh("held".into(), &mut taken));
            let blasts = p.rules.iter().filter(|r| r.mechanic == Mechanic::Blast);
            let longest = blasts.flat_map(|r| r.ring.iter().map(Vec::len)).max();
            for _ in 1..longest.unwrap_or(1) {
                self.rings.push(super::fresh("ring".into(), &mut taken));
            }
        }
        self.taken = taken;
    }

    /// Whether pieces can be grey.
    pub(super) fn statuses(&self) -> bool {
        !self.paints.is_empty()
    }

    /// The test words of the player's pieces (`own`, or every plain kind
    /// where some pieces are grey).
    pub(super) fn own_words(&self) -> String {
        self.owner_words("own")
    }

    /// The test words of an opponent's pieces, as [`Self::own_words`].
    pub(super) fn enemy_words(&self) -> String {
        self.owner_words("enemy")
    }

    fn owner_words(&self, owner: &str) -> String {
        match self.statuses() {
            false => owner.to_owned(),
            true => (self.kinds.iter())
                .map(|k| format!("{owner} {k}"))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// Kind `k`'s name and its grey kinds' (any piece of that size).
    pub(super) fn kind_and_greys(&self, k: usize) -> Vec<String> {
        let greys = self.paints.iter().map(|paint| paint.greys[k].clone());
        std::iter::once(self.kinds[k].clone())
            .chain(greys)
            .collect()
    }

    /// The grey kinds, pieces that keep their owners, each with glyphs of
    /// its own (`~` and a number: a glyph names one piece) not in `used`.
    pub(super) fn grey_kinds(&self, used: &[String]) -> Vec<CoreKind> {
        let players = self.p.players.len();
        let mut glyphs = (0..).map(grey_glyph).filter(|g| !used.contains(g));
        let mut kinds = Vec::new();
        for name in self.paints.iter().flat_map(|paint| &paint.greys) {
            kinds.push(CoreKind {
                name: name.clone(),
                glyphs: glyphs.by_ref().take(players).collect(),
                glyph: None,
                draw: Default::default(),
                shown: true,
            });
        }
        kinds
    }

    /// Each paint's count of turns left (0: not in use), and the value of
    /// the reserve stack a piece is taken from.
    pub(super) fn status_variables(&self) -> Vec<VariableSpec> {
        let mut vars: Vec<VariableSpec> = (self.paints.iter())
            .map(|paint| {
                let turns = i32::from(self.p.rules[paint.rule].turns);
                super::var(paint.left.clone(), 0, turns, 0, false)
            })
            .collect();
        if let Some(held) = &self.held {
            vars.push(super::var(
                held.clone(),
                0,
                self.stack_top_value(),
                0,
                false,
            ));
        }
        vars
    }

    /// The greatest value of a reserve stack's variable: 1 (a plain
    /// piece), or `2 + N` for a piece of paint `N` (from 0).
    pub(super) fn stack_top_value(&self) -> i32 {
        match self.sends_back() {
            true => 1 + self.paints.len() as i32,
            false => 1,
        }
    }

    /// Neutralising rule `r`: the chosen square's top greyed with the
    /// paint of the mover's use just spent (before the action's first
    /// mark), for the rule's turns.
    pub(super) fn paintings(&self, r: usize, onto: &str) -> Vec<String> {
        let g = &self.p.geometry;
        let squares = (0..g.cells()).map(|at| format!("@{} {onto} mark", g.name(at as u8)));
        let chosen = choice(squares.collect()).expect("a board has squares");
        let turns = self.p.rules[r].turns;
        let paints = (self.paints.iter())
            .filter(|paint| paint.rule == r)
            .map(|paint| {
                let which = format!(
                    "{{$ me == {}, {} == {}}}",
                    paint.player,
                    self.uses_var(r).expect("a paint's rule has uses"),
                    paint.after
                );
                let kinds = (0..self.kinds.len()).map(|k| {
                    let any = self.kind_and_greys(k).join(", ");
                    format!("{{{any}}} [become {}]", paint.greys[k])
                });
                let kinds = choice(kinds.collect()).expect("a kind");
                format!("{which} {kinds} [$ {} = {turns}]", paint.left)
            });
        let paints = choice(paints.collect()).expect("a rule with uses has paints");
        vec![join(&[&chosen, &paints])]
    }

    /// The `expire` macro: every paint's count down by one at the end of a
    /// turn, and the paints whose status is over taken off.
    pub(super) fn expire_macro(&self) -> String {
        let each = self.paints.iter().enumerate().map(|(n, paint)| {
            let v = &paint.left;
            format!(
                "({{$ {v} > 1}} [$ {v} = {v} - 1] | {{$ {v} == 1}} [$ {v} = 0] {} | {{$ {v} == 0}})",
                self.taken_off(n)
            )
        });
        each.collect::<Vec<_>>().join(" ")
    }

    /// Paint `n`'s grey pieces back to their kinds, on the board and in
    /// the reserve stacks.
    fn taken_off(&self, n: usize) -> String {
        let paint = &self.paints[n];
        let back = (paint.greys.iter().zip(&self.kinds))
            .map(|(grey, kind)| format!("{{{grey}}} [become {kind}]"));
        let back: Vec<String> = back.chain(std::iter::once("{$ 0 == 0}".into())).collect();
        // Lifted one by one, the hand holds the stack top first: dropped
        // one by one, the pieces come back in their order.
        let board = format!(
            "scan(n e, ([lift])*! ([drop] once({}))*!)",
            back.join(" | ")
        );
        let value = 2 + n;
        let stacks = self
            .stack_vars_of_every_owner()
            .into_iter()
            .map(|v| format!("({{$ {v} == {value}}} [$ {v} = 1] | {{$ {v} != {value}}})"));
        let stacks: Vec<String> = match self.sends_back() {
            true => stacks.collect(),
            false => Vec::new(),
        };
        join(&[&board, &stacks.join(" ")])
    }

    /// Putting the piece taken from a reserve stack (its variable's value
    /// in `held`) of kind `k` on the cursor's square: plain or grey.
    pub(super) fn put_held(&self, k: usize, held: &str) -> String {
        // `<= 1`, not `== 1`: the cases then cover every value `held`
        // may have, so the interpreter sees that this cannot fail.
        let plain = format!("{{$ {held} <= 1}} [push {}]", self.kinds[k]);
        let greys = self
            .paints
            .iter()
            .enumerate()
            .map(|(n, paint)| format!("{{$ {held} == {}}} [push {}]", 2 + n, paint.greys[k]));
        let alts: Vec<String> = std::iter::once(plain).chain(greys).collect();
        format!("({}) [$ {held} = 0]", alts.join(" | "))
    }

    /// The cursor's grey top back to its owner's reserve stacks, keeping
    /// its paint (one way per paint, kind and owner).
    pub(super) fn return_grey_tops(&self) -> Vec<String> {
        let mut ways = Vec::new();
        for (n, paint) in self.paints.iter().enumerate() {
            for (k, grey) in paint.greys.iter().enumerate() {
                for me in 0..2 {
                    let value = (2 + n).to_string();
                    let own = self.send_back_value(k, me, &value);
                    let theirs = self.send_back_value(k, 1 - me, &value);
                    ways.push(format!("{{$ me == {me}}} {{own {grey}}} [pop] {own}"));
                    ways.push(format!("{{$ me == {me}}} {{enemy {grey}}} [pop] {theirs}"));
                }
            }
        }
        ways
    }
}

/// The `i`th glyph a grey piece may have: `~` and `i` in base 36.
fn grey_glyph(i: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let (high, low) = (i / 36 % 36, i % 36);
    format!("~{}{}", DIGITS[high] as char, DIGITS[low] as char)
}
