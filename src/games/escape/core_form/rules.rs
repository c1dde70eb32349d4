//! The core ruleset's text: its tables ([`Writer::toml`]) and its rules,
//! one macro per part of a move.

use std::fmt::Write as _;

use super::{TypeWords, Writer};
use crate::games::escape::IllegalMove;
use crate::lang::schema::Shape;
use crate::mechanics::capture::Capture;
use crate::mechanics::lower::{Routes, Words, board_spec};
use crate::mechanics::movement::Coord;
use crate::mechanics::race::NoMove;
use crate::mechanics::squares::Arrival;

/// An assignment that changes nothing and cannot fail: `once`'s way out.
const NOTHING: &str = "[$ val = val]";

/// The higher score wins; equal scores draw.
const HIGHER: &str =
    "( {$ score1 > score2} end(win player1) | {$ score2 > score1} end(win player2) | end(draw) )";

impl Writer<'_> {
    /// The whole ruleset.
    pub(super) fn toml(&self, (name, description): (&str, &str)) -> String {
        let table = self.game.table();
        let mut out = String::new();
        let _ = writeln!(out, "game = \"core\"\nname = {}", toml_text(name));
        let _ = writeln!(out, "description = {}", toml_text(description));
        let _ = writeln!(
            out,
            "players = [\"player1\", \"player2\"]\ncolours = {:?}\nrules = \"turn\"",
            table.colours
        );
        match table.race.no_move {
            NoMove::Loses => out.push_str("no_move = \"lose\"\n"),
            NoMove::Draw => out.push_str("no_move = \"draw\"\n"),
            NoMove::HigherScore => {
                let _ = writeln!(out, "no_move_rules = {HIGHER:?}");
            }
        }
        if self.strict() {
            out.push_str("\n[[penalty]]\naction = \"forfeit\"\n");
        }
        self.board(&mut out);
        self.kinds(&mut out);
        self.variables(&mut out);
        out.push_str("[macros]\n");
        for (name, body) in self.macros() {
            let _ = writeln!(out, "{name} = {body:?}");
        }
        out
    }

    fn strict(&self) -> bool {
        self.game.table().variant.illegal_move == IllegalMove::Loses
    }

    fn board(&self, out: &mut String) {
        let (shape, w, h) = board_spec(self.game.board()).expect("checked by the writer");
        let shape = match shape {
            Shape::Hex => "hex",
            _ => "square",
        };
        let rows: Vec<String> = (1..=h as i32)
            .rev()
            .map(|y| {
                let cells: Vec<String> = (1..=w as i32).map(|x| self.setup_cell((x, y))).collect();
                format!("{:?}", cells.join(" "))
            })
            .collect();
        let _ = writeln!(
            out,
            "\n[board]\nshape = \"{shape}\"\nwidth = {w}\nheight = {h}\nsetup = [\n    {},\n]\n",
            rows.join(",\n    ")
        );
    }

    /// A cell of the setup: its stack's glyphs, bottom first.
    fn setup_cell(&self, at: Coord) -> String {
        let stack = super::stack_glyphs(self.game, &self.letters(), at);
        match stack.is_empty() {
            true => ".".to_owned(),
            false => stack.join("/"),
        }
    }

    fn letters(&self) -> Vec<char> {
        self.types.iter().map(|t| t.letter).collect()
    }

    fn kinds(&self, out: &mut String) {
        for words in &self.types {
            for &value in &words.values {
                let _ = writeln!(
                    out,
                    "[[kinds]]\nname = \"{}\"\nglyphs = [\"{}\", \"{}\"]\ndraw = {{ shape = \"disc\" }}\n",
                    words.kind(value),
                    super::glyph(words.letter, value, 0),
                    super::glyph(words.letter, value, 1),
                );
            }
        }
        for (name, glyph) in [("block", "#"), ("exit", "X"), ("here", "+")] {
            let _ = writeln!(out, "[[kinds]]\nname = \"{name}\"\nglyph = \"{glyph}\"\n");
        }
    }

    fn variables(&self, out: &mut String) {
        let mut variable = |name: &str, start: u64, max: u64| {
            let _ = writeln!(
                out,
                "[[variables]]\nname = \"{name}\"\nstart = {start}\nmax = {max}\n"
            );
        };
        let most = u64::from(self.points_left) * u64::from(self.multiplier().max(1));
        for seat in 0..2 {
            let score = u64::from(self.game.score(seat));
            variable(&format!("score{}", seat + 1), score, score + most);
        }
        if let Some(limit) = self.game.table().race.move_limit {
            let moves = u64::from(self.game.moves());
            variable("moves", moves, limit.max(moves));
        }
        // What one move carries from its start to its end, not shown.
        let budget = (self.game.table().config.pieces.iter())
            .map(|t| t.mover.budget)
            .max()
            .unwrap_or(0);
        let mut scratch = vec![("steps", budget + 2), ("val", self.max_value().max(1))];
        if self.conflicts() {
            scratch.push(("atk", self.max_value().max(1)));
        }
        scratch.push(("fell", 1));
        for (name, max) in scratch {
            let _ = writeln!(
                out,
                "[[variables]]\nname = \"{name}\"\nmax = {max}\nshown = false\n"
            );
        }
    }

    /// The highest value any piece can take.
    fn max_value(&self) -> u32 {
        (self.types.iter())
            .filter_map(|t| t.values.last().copied())
            .max()
            .unwrap_or(0)
    }

    /// Whether a capture changes values (and needs the attack variable).
    fn conflicts(&self) -> bool {
        matches!(
            self.capture(),
            Capture::PointConflict | Capture::RemoveGaining
        )
    }

    /// What an exit multiplies the value of a piece it removes by.
    fn multiplier(&self) -> u32 {
        match self.game.table().variant.exit.arrival {
            Arrival::Remove { score_multiplier } => score_multiplier,
            Arrival::Stay => 0,
        }
    }

    fn macros(&self) -> Vec<(String, String)> {
        let mut macros = Vec::new();
        let mut moves = Vec::new();
        let mut movable = Vec::new();
        for words in &self.types {
            let Some(route) = self.route(words) else {
                continue;
            };
            let name = &words.name;
            macros.push((format!("pick-{name}"), pick(words)));
            macros.push((format!("route-{name}"), route));
            macros.push((format!("arrive-{name}"), self.arrive(words)));
            moves.push(format!("move-{name}"));
            macros.push((
                format!("move-{name}"),
                format!(
                    "pick-{name} mark [pop] [push here] <route-{name} land mark arrive-{name}> [pop] after"
                ),
            ));
            movable.push(format!("pick-{name} [pop] [push here] route-{name} land"));
        }
        let mut turn = match moves.is_empty() {
            true => "{! any}".to_owned(),
            false => format!("any ({})", moves.join(" | ")),
        };
        if self.strict() && !movable.is_empty() {
            turn = format!(
                "{turn} | {{? any ({})}} mark(forfeit) end(lose)",
                movable.join(" | ")
            );
        }
        macros.push(("turn".into(), turn));
        macros.push(("land".into(), self.land()));
        macros.push(("score".into(), self.score()));
        if self.capture() == Capture::PointConflict {
            macros.push(("fight".into(), self.point_conflict()));
        }
        macros.push(("after".into(), self.after()));
        macros
    }

    /// The paths of a type's pieces, ending where they may land: its
    /// routes, setting `fell` where it falls into an exit on the way;
    /// `None` for a type that never moves.
    fn route(&self, words: &TypeWords) -> Option<String> {
        let table = self.game.table();
        let mover = table.config.pieces[words.index].mover;
        let names = Words::new("steps", "here", &["block"], &["exit"]);
        let routes = Routes::new(&table.config.board, &mover, table.crossing, &names).ok()??;
        Some(match routes.fall {
            Some(fall) => format!("( {} | {fall} [$ fell = 1] )", routes.clean),
            None => routes.clean,
        })
    }

    /// Where a move may end: not its own square, a location a move may
    /// end on, not on the mover's own piece, nor on the opponent's where
    /// no capture rule is in force.
    fn land(&self) -> String {
        let variant = &self.game.table().variant;
        let mut tests = vec!["{! {here}}".to_owned()];
        for (rule, kind) in [(variant.block, "block"), (variant.exit, "exit")] {
            if !rule.land {
                tests.push(format!("{{! ([lift])* {{{kind}}}}}"));
            }
        }
        tests.push("{! {own}}".into());
        if self.capture() == Capture::Forbidden {
            tests.push("{! {enemy}}".into());
        }
        tests.join(" ")
    }

    /// What happens at the destination: a piece that fell into an exit,
    /// or arrives on a location that removes it, scores; one landing on
    /// the opponent fights; any other stays.
    fn arrive(&self, words: &TypeWords) -> String {
        let mut ways = Vec::new();
        if self.game.table().variant.exit.arrival != Arrival::Stay {
            ways.push("{$ fell == 1} score".to_owned());
            ways.push("{? ([lift])* {exit}} score".to_owned());
        }
        if let Some(fight) = self.fight(words) {
            ways.push(format!("{{enemy}} {fight}"));
        }
        ways.push(put(words));
        format!("( {} )", ways.join(" | "))
    }

    /// The mover's owner scores its value times the exit's multiplier:
    /// a way per player and value, each adding its points.
    fn score(&self) -> String {
        let mut values: Vec<u32> = self.types.iter().flat_map(|t| t.values.clone()).collect();
        values.sort();
        values.dedup();
        let m = u64::from(self.multiplier());
        let ways: Vec<String> = (1..=2)
            .flat_map(|seat| values.iter().map(move |&v| (seat, v)))
            .map(|(seat, v)| {
                let points = u64::from(v) * m;
                let (me, score) = (seat - 1, format!("score{seat}"));
                format!("{{$ me == {me}, val == {v}}} [$ {score} = {score} + {points}]")
            })
            .collect();
        format!("once( {} | {NOTHING} )", ways.join(" | "))
    }

    /// A landing on the opponent's stack, as the capture policy says;
    /// `None` where no move lands there.
    fn fight(&self, words: &TypeWords) -> Option<String> {
        let put = put(words);
        match self.capture() {
            Capture::Forbidden => None,
            Capture::Remove => Some(format!("({{enemy}} [pop])*! {put}")),
            Capture::RemoveGaining => {
                let gains: Vec<String> = (self.types.iter())
                    .flat_map(|t| t.values.iter().map(move |&v| (t, v)))
                    .map(|(t, v)| format!("{{enemy {}}} [$ atk = atk + {v}]", t.kind(v)))
                    .collect();
                Some(format!(
                    "[$ atk = val] (( {} ) [pop])*! [$ val = atk] {put}",
                    gains.join(" | ")
                ))
            }
            Capture::PointConflict => {
                Some(format!("fight once( {{$ val > 0}} {put} | {NOTHING} )"))
            }
        }
    }

    /// Point conflict: the stack's pieces met lowest value first (ties by
    /// the configuration's type name), each removed while the attack left
    /// covers it (an equal one removes both), the next reduced by what is
    /// left (the lowest of its kind in the stack); the mover stays with
    /// what is left of its value, if anything.
    fn point_conflict(&self) -> String {
        let config = &self.game.table().config;
        let mut order: Vec<(u32, &str, &TypeWords)> = (self.types.iter())
            .flat_map(|t| {
                t.values
                    .iter()
                    .map(move |&v| (v, config.pieces[t.index].name, t))
            })
            .collect();
        order.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        let mut parts = vec!["[$ atk = val]".to_owned()];
        for (value, _, t) in order {
            let kind = t.kind(value);
            let there = format!("{{? ([lift])* {{enemy {kind}}}}}");
            // The lowest piece of the kind on top, those above it in hand.
            let lowest = format!("({{? [lift] ([lift])* {{enemy {kind}}}}} [lift])*!");
            parts.push(format!(
                "({{$ atk >= {}}} {there} {lowest} [pop] ([drop])*! [$ atk = atk - {value}])*!",
                value.max(1)
            ));
            let cuts: Vec<String> = (1..value)
                .map(|a| format!("{{$ atk == {a}}} [become {}]", t.kind(value - a)))
                .collect();
            if !cuts.is_empty() {
                parts.push(format!(
                    "once( {{$ atk > 0}} {there} {lowest} once( {} ) ([drop])*! [$ atk = 0] | {NOTHING} )",
                    cuts.join(" | ")
                ));
            }
        }
        parts.push("[$ val = atk]".into());
        parts.join(" ")
    }

    /// After a move: the race's end (a score goal reached by the mover,
    /// then a move limit), else the other player moves.
    fn after(&self) -> String {
        let race = self.game.table().race;
        let mut reset = vec!["steps = 0", "val = 0", "fell = 0"];
        if self.conflicts() {
            reset.push("atk = 0");
        }
        let reset = format!("[$ {}]", reset.join(", "));
        let ending = |otherwise: &str| {
            let mut ways = Vec::new();
            for seat in (0..2).filter(|_| race.goal.is_some()) {
                let goal = race.goal.unwrap_or_default();
                let score = format!("score{}", seat + 1);
                ways.push(format!(
                    "{{$ me == {seat}}} {{$ {score} >= {goal}}} end(win)"
                ));
            }
            ways.push(otherwise.to_owned());
            format!("( {} )", ways.join(" | "))
        };
        // The last move counted apart, so that the count is seen to stay
        // in range and the rest of a move is known to be decided.
        match race.move_limit {
            None => format!("{reset} {}", ending("->next")),
            Some(limit) => {
                let last = limit.saturating_sub(1);
                format!(
                    "{reset} ( {{$ moves >= {last}}} [$ moves = {limit}] {} | {{$ moves < {last}}} [$ moves = moves + 1] {} )",
                    ending(HIGHER),
                    ending("->next")
                )
            }
        }
    }
}

/// The mover's own piece on top of its square: a test of each kind of the
/// type, setting the mover's value.
fn pick(words: &TypeWords) -> String {
    let ways: Vec<String> = (words.values.iter())
        .map(|&v| format!("{{own {}}} [$ val = {v}]", words.kind(v)))
        .collect();
    format!("( {} )", ways.join(" | "))
}

/// The mover, of value `val`, put on top of the cursor's cell.
fn put(words: &TypeWords) -> String {
    let ways: Vec<String> = (words.values.iter())
        .map(|&v| format!("{{$ val == {v}}} [push {}]", words.kind(v)))
        .collect();
    format!("once( {} | {NOTHING} )", ways.join(" | "))
}

/// `text` as a TOML string (any character a ruleset's name may hold).
fn toml_text(text: &str) -> String {
    toml::Value::String(text.to_owned()).to_string()
}
