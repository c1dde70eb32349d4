//! The core ruleset's text: its tables ([`Writer::toml`]) and its rules,
//! one macro per part of a turn.

use std::fmt::Write as _;

use super::{SeatWords, Writer};
use crate::games::moving_maze::board::{Direction, Sides, SlideAt};
use crate::games::moving_maze::rules::{PushedOff, RelicOrder, WinCondition};

/// An assignment that changes nothing and cannot fail: `once`'s way out.
const NOTHING: &str = "[$ phase = phase]";

impl Writer<'_> {
    /// The whole ruleset.
    pub(super) fn toml(&self) -> String {
        let rules = self.game.rules().ruleset();
        let players: Vec<&str> = self.seats.iter().map(|s| s.player.as_str()).collect();
        let mut out = String::new();
        let _ = writeln!(out, "game = \"core\"\nname = {}", toml_text(&rules.name));
        let _ = writeln!(out, "description = {}", toml_text(&rules.description));
        let _ = writeln!(out, "players = {players:?}\nrules = \"turn\"\n");
        self.board(&mut out);
        self.kinds(&mut out);
        self.variables(&mut out);
        out.push_str("[macros]\n");
        for (name, body) in self.macros() {
            let key = match name.contains('(') {
                true => format!("{name:?}"),
                false => name,
            };
            let _ = writeln!(out, "{key} = {body:?}");
        }
        out
    }

    fn board(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "[board]\nwidth = {}\nheight = {}",
            self.w + 2,
            self.h + 2
        );
        let rows: Vec<String> = (-1..=self.h)
            .map(|y| {
                let cells: Vec<String> = (-1..=self.w).map(|x| self.setup_cell(x, y)).collect();
                format!("{:?}", cells.join(" "))
            })
            .collect();
        let _ = writeln!(out, "setup = [\n    {},\n]\n", rows.join(",\n    "));
    }

    /// A cell of the setup: its stack's glyphs, bottom first.
    fn setup_cell(&self, x: i32, y: i32) -> String {
        let maze = self.game.maze();
        let inside = (0..self.w).contains(&x) && (0..self.h).contains(&y);
        let tile = match inside {
            true => maze.tiles()[(y * self.w + x) as usize],
            false if (x, y) == (-1, self.h) => self.game.floating(),
            false => return ".".to_owned(),
        };
        let mut stack = vec![tile_glyph(tile.sides())];
        stack.extend(tile.relic().map(|r| r.to_string()));
        for (seat, player) in self.seats.iter().zip(self.game.players()) {
            let at = (i32::from(player.pos.x), i32::from(player.pos.y));
            if inside && at == (x, y) {
                stack.push(seat.glyph.clone());
            }
        }
        stack.join("/")
    }

    fn kinds(&self, out: &mut String) {
        for bits in 0..16 {
            let sides = Sides::from_bits(bits);
            let glyph = tile_glyph(sides);
            let _ = writeln!(out, "[[kinds]]\nname = \"t{sides}\"\nglyph = \"{glyph}\"\n");
        }
        for &relic in &self.relics {
            let name = Self::relic_kind(relic);
            let _ = writeln!(out, "[[kinds]]\nname = \"{name}\"\nglyph = \"{relic}\"\n");
        }
        for seat in &self.seats {
            let (name, glyph) = (&seat.kind, &seat.glyph);
            let _ = writeln!(out, "[[kinds]]\nname = \"{name}\"\nglyph = \"{glyph}\"\n");
        }
    }

    fn variables(&self, out: &mut String) {
        // `shown = false`: one that carries something through one action.
        let mut variable = |name: &str, max: usize, start: usize, shown: bool| {
            let hidden = if shown { "" } else { "shown = false\n" };
            let _ = writeln!(
                out,
                "[[variables]]\nname = \"{name}\"\nmax = {}\nstart = {start}\n{hidden}",
                max.max(1)
            );
        };
        variable("phase", 1, usize::from(self.in_move_phase()), true);
        let last = (self.game.forbidden_slide()).map_or(0, |at| self.slide_number(at));
        variable("last", self.slides.len(), last, true);
        let k = usize::from(self.relics_per_colour());
        for (seat, player) in self.seats.iter().zip(self.game.players()) {
            variable(&found(seat), k, usize::from(player.collected), true);
            variable(&out_var(seat), 1, 0, false);
        }
        variable("took", 1, 0, false);
    }

    /// Every macro, in the order written.
    fn macros(&self) -> Vec<(String, String)> {
        let mut m = vec![
            ("turn".to_owned(), "slide-phase | move-phase".to_owned()),
            ("slide-phase".to_owned(), self.slide_phase()),
            ("move-phase".to_owned(), self.move_phase()),
            ("step".to_owned(), self.step()),
            ("stay".to_owned(), self.stay()),
            ("slid-end".to_owned(), self.slid_end()),
        ];
        if self.game.may_rotate() {
            m.push(("rotate".to_owned(), self.rotate()));
        }
        let floating = self.floating_cell();
        let (into, out) = ("float-in(cell)", "float-out(cell)");
        m.push((
            into.into(),
            format!("@{floating} [lift all] @cell [drop all]"),
        ));
        m.push((
            out.into(),
            format!("@cell [lift all] @{floating} [drop all]"),
        ));
        m.push((
            "carry(from, to)".to_owned(),
            "@from [lift all] @to [drop all]".to_owned(),
        ));
        m.push(("pushed-off(exit, first)".to_owned(), self.pushed_off()));
        for d in Direction::ALL {
            m.push((format!("open-{}", d.letter()), self.open(d)));
        }
        m.push(("under(change)".to_owned(), under_tile("change")));
        m.push(("cw".to_owned(), turn_table(Sides::rotated_clockwise)));
        m.push((
            "ccw".to_owned(),
            turn_table(Sides::rotated_counterclockwise),
        ));
        for &at in &self.slides {
            m.push((format!("slide-{at}"), self.slide(at)));
        }
        for (k, seat) in self.seats.iter().enumerate() {
            if let Some(collect) = self.collect(k) {
                m.push((format!("collect-{}", seat.player), collect));
            }
            if let Some(moves) = self.moves(k) {
                m.push((format!("moves-{}", seat.player), moves));
            }
            m.push((format!("arrive-{}", seat.player), self.arrive(k)));
        }
        m
    }

    fn slide_phase(&self) -> String {
        let mut ways = Vec::new();
        if self.game.may_rotate() {
            ways.push("rotate".to_owned());
        }
        ways.extend(self.slides.iter().map(|at| format!("slide-{at}")));
        if self.game.may_skip_slide() {
            ways.push("mark(done) [$ phase = 1] stay".to_owned());
        }
        format!("{{$ phase == 0}} ({})", ways.join(" | "))
    }

    /// Turning the floating tile a quarter, clockwise (`r`) or not (`l`).
    fn rotate(&self) -> String {
        let floating = self.floating_cell();
        format!("mark(r) @{floating} under(cw) stay | mark(l) @{floating} under(ccw) stay")
    }

    fn move_phase(&self) -> String {
        let moves = self.game.may_step() || self.game.may_pathfind();
        let mut ways: Vec<String> = (self.seats.iter().enumerate())
            .filter(|_| moves)
            .map(|(k, seat)| format!("{{$ me == {k}}} moves-{}", seat.player))
            .collect();
        ways.push("mark(done) [$ phase = 0] ->next".to_owned());
        format!("{{$ phase == 1}} ({})", ways.join(" | "))
    }

    /// One step over a pair of open sides.
    fn step(&self) -> String {
        let ways: Vec<String> = (Direction::ALL.into_iter())
            .map(|d| {
                let (a, b) = (d.letter(), d.opposite().letter());
                format!("open-{a} {a} open-{b}")
            })
            .collect();
        ways.join(" | ")
    }

    /// The tile beneath the cursor's stack is open towards `d`.
    fn open(&self, d: Direction) -> String {
        let kinds: Vec<String> = (0..16)
            .map(Sides::from_bits)
            .filter(|s| s.is_open(d))
            .map(|s| format!("t{s}"))
            .collect();
        has(&kinds.join(", "))
    }

    /// The player to move moves again.
    fn stay(&self) -> String {
        let ways: Vec<String> = (self.seats.iter().enumerate())
            .map(|(k, seat)| format!("{{$ me == {k}}} ->{}", seat.player))
            .collect();
        format!("({})", ways.join(" | "))
    }

    /// Slide `at`: the floating tile in, the line one cell on, the
    /// adventurers of the stack pushed out put back, that stack floating
    /// (`pushed-off`).
    fn slide(&self, at: SlideAt) -> String {
        let (entry, exit) = self.ring_ends(at);
        let (entry, exit) = (self.at(entry.0, entry.1), self.at(exit.0, exit.1));
        let cells: Vec<String> = (self.line(at).iter())
            .map(|&(x, y)| self.at(x, y))
            .collect();
        let mut parts = Vec::new();
        let forbid = self.game.flags().forbid_reverse;
        if forbid {
            parts.push(format!("{{$ last != {}}}", self.slide_number(at)));
        }
        parts.push(format!("mark({}) float-in({entry})", slide_word(at)));
        parts.extend(shifts(&entry, &cells, &exit));
        let last = if forbid {
            self.slide_number(at.reverse())
        } else {
            0
        };
        parts.push(format!("[$ phase = 1, last = {last}]"));
        parts.push(format!("pushed-off({exit}, {})", cells[0]));
        parts.push("slid-end".to_owned());
        parts.join(" ")
    }

    /// The adventurers on the stack pushed onto the ring's cell `exit`
    /// put on the line's `first` cell or their start corners (as the
    /// rules say), that stack floating, and each of them collecting where
    /// it landed (where the rules say so).
    fn pushed_off(&self) -> String {
        let dests: Vec<&str> = (self.seats.iter())
            .map(|seat| match self.game.flags().pushed_off {
                PushedOff::InsertedTile => "first",
                PushedOff::StartCorner => &seat.home,
            })
            .collect();
        let mut parts = Vec::new();
        for (seat, dest) in self.seats.iter().zip(&dests) {
            let (kind, out) = (&seat.kind, out_var(seat));
            parts.push(format!(
                "once(@exit {} {} @{dest} [push {kind}] [$ {out} = 1] | {NOTHING})",
                has(kind),
                take(kind)
            ));
        }
        parts.push("float-out(exit)".to_owned());
        if self.game.flags().collect_on_push {
            for (seat, dest) in self.seats.iter().zip(&dests) {
                if self.active(seat).is_some() {
                    let out = out_var(seat);
                    parts.push(format!(
                        "once({{$ {out} == 1}} @{dest} collect-{} | {NOTHING})",
                        seat.player
                    ));
                }
            }
        }
        parts.join(" ")
    }

    /// After a slide's collections: a pushed-off seat that has won (the
    /// others in seat order, then the mover), else the mover goes on
    /// (or its turn ends where its collection ends the move).
    fn slid_end(&self) -> String {
        let n = self.seats.len();
        let reset: Vec<String> = self
            .seats
            .iter()
            .map(|s| format!("{} = 0", out_var(s)))
            .collect();
        let rest = format!("[$ {}] {}", reset.join(", "), self.after_collecting());
        let ways: Vec<String> = (0..n)
            .map(|me| {
                let order = (0..n).filter(|&s| s != me).chain([me]);
                let chain = order
                    .rev()
                    .fold(rest.clone(), |rest, s| match self.won(s, true) {
                        Some(won) => format!(
                            "({{? {won}}} end(win {}) | {{! {won}}} {rest})",
                            self.seats[s].player
                        ),
                        None => rest,
                    });
                format!("{{$ me == {me}}} {chain}")
            })
            .collect();
        format!("({})", ways.join(" | "))
    }

    /// The mover's turn after a collection: over where a collection ends
    /// the move and the mover collected, else it goes on.
    fn after_collecting(&self) -> String {
        match self.game.flags().collect_ends_move {
            true => "({$ took == 1} [$ took = 0, phase = 0] ->next | {$ took == 0} stay)".into(),
            false => "stay".into(),
        }
    }

    /// Whether seat `k` has won: all its relics collected (and at home
    /// where it must return); `pushed`: only if a slide pushed it off.
    /// `None` where nobody can win (no relics to collect).
    fn won(&self, k: usize, pushed: bool) -> Option<String> {
        let target = self.relics_per_colour();
        if target == 0 {
            return None;
        }
        let seat = &self.seats[k];
        let mut tests = vec![format!("{} == {target}", found(seat))];
        if pushed {
            tests.insert(0, format!("{} == 1", out_var(seat)));
        }
        let compare = format!("{{$ {}}}", tests.join(", "));
        Some(match self.game.flags().win {
            WinCondition::ReturnHome => format!("{compare} @{} {}", seat.home, has(&seat.kind)),
            WinCondition::LastRelic => compare,
        })
    }

    /// Seat `k`'s moves in the move phase: single steps, then paths;
    /// `None` where the rules allow neither.
    fn moves(&self, k: usize) -> Option<String> {
        let (kind, player) = (&self.seats[k].kind, &self.seats[k].player);
        let mut ways = Vec::new();
        if self.game.may_step() {
            for d in Direction::ALL {
                let (a, b) = (d.letter(), d.opposite().letter());
                ways.push(format!(
                    "mark({a}) {{? open-{a} {a} open-{b}}} {a} [push {kind}] arrive-{player}"
                ));
            }
        }
        if self.game.may_pathfind() {
            ways.push(format!("reach(step) mark [push {kind}] arrive-{player}"));
        }
        let ways = ways.join(" | ");
        (!ways.is_empty()).then(|| format!("any {} {} ({ways})", has(kind), take(kind)))
    }

    /// Seat `k` has moved to the cursor's tile: it collects its relic
    /// there, may win, and its turn ends if the collection ends the move.
    fn arrive(&self, k: usize) -> String {
        let mut parts = Vec::new();
        let player = &self.seats[k].player;
        if self.collect(k).is_some() {
            parts.push(format!("once(collect-{player} | {NOTHING})"));
        }
        let rest = self.after_collecting();
        parts.push(match self.won(k, false) {
            Some(won) => format!("({{? {won}}} end(win {player}) | {{! {won}}} {rest})"),
            None => rest,
        });
        parts.join(" ")
    }

    /// Seat `k` collecting its active relic under the cursor (fails where
    /// there is none); `None` when it has none to collect on this maze.
    fn collect(&self, k: usize) -> Option<String> {
        let seat = &self.seats[k];
        let active = self.active(seat)?;
        let advs: Vec<&str> = self.seats.iter().map(|s| s.kind.as_str()).collect();
        let took = match self.game.flags().collect_ends_move {
            true => format!(" once({{$ me == {k}}} [$ took = 1] | {NOTHING})"),
            false => String::new(),
        };
        let f = found(seat);
        Some(format!(
            "{active} ({{{}}} [lift])*! [pop] ([drop])*! [$ {f} = {f} + 1]{took}",
            advs.join(", ")
        ))
    }

    /// The test that the cursor's tile carries `seat`'s active relic.
    fn active(&self, seat: &SeatWords) -> Option<String> {
        let k = self.relics_per_colour();
        let own: Vec<_> = (self.relics.iter())
            .filter(|r| r.colour() == seat.colour && r.order() <= k)
            .collect();
        if own.is_empty() {
            return None;
        }
        let kinds = |r: &&_| Self::relic_kind(**r);
        Some(match self.game.flags().order {
            RelicOrder::AnyOrder => has(&own.iter().map(kinds).collect::<Vec<_>>().join(", ")),
            RelicOrder::InOrder => {
                let ways: Vec<String> = (own.iter())
                    .map(|r| {
                        format!(
                            "{{$ {} == {}}} {}",
                            found(seat),
                            r.order() - 1,
                            has(&kinds(r))
                        )
                    })
                    .collect();
                format!("({})", ways.join(" | "))
            }
        })
    }
}

/// Each stack of a line one cell on, from the far end (onto the ring's
/// `exit` cell) back to the stack on the ring's `entry` cell.
fn shifts(entry: &str, cells: &[String], exit: &str) -> Vec<String> {
    let carry = |from: &str, to: &str| format!("carry({from}, {to})");
    let onto = cells.iter().skip(1).map(String::as_str).chain([exit]);
    let mut parts: Vec<String> = cells
        .iter()
        .zip(onto)
        .map(|(from, to)| carry(from, to))
        .collect();
    parts.reverse();
    parts.push(carry(entry, &cells[0]));
    parts
}

/// A slide's word in the core's notation: the engine's with the side in
/// capitals (`N2`), since `n2` names a cell of the board.
pub(super) fn slide_word(at: SlideAt) -> String {
    at.to_string().to_uppercase()
}

/// The test that the cursor's stack holds one of `kinds` (a list).
fn has(kinds: &str) -> String {
    format!("{{? ([lift])* {{{kinds}}}}}")
}

/// Take the piece of `kind` out of the cursor's stack (it is there),
/// the pieces above it kept in their order.
fn take(kind: &str) -> String {
    format!("({{! {{{kind}}}}} [lift])*! [pop] ([drop])*!")
}

/// `change` done to the tile at the bottom of the cursor's stack.
fn under_tile(change: &str) -> String {
    let tiles: Vec<String> = (0..16)
        .map(|b| format!("t{}", Sides::from_bits(b)))
        .collect();
    format!(
        "({{! {{{}}}}} [lift])*! {change} ([drop])*!",
        tiles.join(", ")
    )
}

/// `text` as a TOML string (any character a ruleset's name may hold).
fn toml_text(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}

/// Every tile kind put as `turn` turns it.
fn turn_table(turn: fn(Sides) -> Sides) -> String {
    let ways: Vec<String> = (0..16)
        .map(Sides::from_bits)
        .map(|s| format!("{{t{s}}} [t{}]", turn(s)))
        .collect();
    format!("once({})", ways.join(" | "))
}

/// A tile's glyph: its open sides' bits as a hexadecimal digit.
fn tile_glyph(sides: Sides) -> String {
    format!("{:x}", sides.bits())
}

/// The variable counting `seat`'s relics.
fn found(seat: &SeatWords) -> String {
    format!("found_{}", seat.player)
}

/// The variable saying a slide pushed `seat` off the maze.
fn out_var(seat: &SeatWords) -> String {
    format!("out_{}", seat.player)
}
