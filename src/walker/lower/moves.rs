//! A walker-physics game whole as a core ruleset (see [`walker_core`]):
//! the actor's moves, the physics after each step or after the move, the
//! end patterns and the acknowledging `end` action.

use std::fmt::Write as _;

use super::physics::PhysicsParts;
use crate::walker::Grid;
use crate::walker::Program;
use crate::walker::program::ActionDef;
use crate::walker::schema::{DigRule, Direction, EndOutcome, Mode, Timing};

/// A core ruleset (TOML) that plays `program` on `cave` as the walker
/// does: each action `L(d;n)` (its letter, direction and count, written
/// in the walker's notation with quoted marks) takes its `n` steps one by
/// one as the walker judges them (walking onto passable squares, digging
/// diggable ones, pushing a pushable piece into an empty square, taking
/// collectable squares, counted in a variable `got_KIND`), the physics
/// settles after every step or after the move as the program's timing
/// says (an end pattern that matches stops the move), and an end pattern
/// ends the game with its outcome, after the `end` action's letter when
/// the program has one. Actions are listed in the walker's order
/// (actions, then directions, then counts); a position without any is
/// over with no result (`end(stop)`).
///
/// ```
/// use relic::contract::Game;
/// use relic::walker::builtin_walker;
/// let walker = builtin_walker("boulder-dash").unwrap().unwrap();
/// let cave = relic::games::boulder_dash::read_board(&walker, "1|X|+|\n0|#|#|\n  0 1\n")
///     .unwrap();
/// let toml = relic::walker::lower::walker_core(&walker, &cave);
/// let (_, program) = relic::lang::parse_core_resolved(&toml, "cave.toml", None).unwrap();
/// let game = relic::lang::CoreGame::new(program);
/// let moves: Vec<String> = (game.legal_actions().iter()).map(|a| game.write_action(a)).collect();
/// assert_eq!(moves, ["M(E;1)"]);
/// ```
pub fn walker_core(program: &Program, cave: &Grid) -> String {
    let parts = PhysicsParts::new(program);
    let lowering = Lowering {
        program,
        parts: &parts,
    };
    let mut macros = parts.macros.clone();
    let _ = writeln!(macros, "verdict = \"{}\"", lowering.verdict());
    let _ = writeln!(macros, "finish = \"{}\"", lowering.finish());
    let _ = writeln!(macros, "moves = \"{}\"", lowering.moves());
    let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
    let mut out = String::new();
    let _ = writeln!(out, "game = \"core\"");
    let _ = writeln!(out, "name = {}", quoted(&program.name));
    let _ = writeln!(out, "description = {}", quoted(&program.description));
    let _ = writeln!(out, "players = [\"cave\"]");
    let _ = writeln!(out, "separator = \"\"");
    let _ = writeln!(out, "rules = {}", quoted(&lowering.rules()));
    let _ = writeln!(out, "no_move_rules = \"end(stop)\"\n");
    let _ = writeln!(out, "[macros]\n{macros}");
    let _ = writeln!(
        out,
        "[board]\nwidth = {}\nheight = {}\nsetup = {}\n",
        cave.width(),
        cave.height(),
        lowering.setup(cave)
    );
    out.push_str(&parts.last_variable);
    let cells = cave.width() * cave.height();
    let _ = writeln!(
        out,
        "[[variables]]\nname = \"ended\"\nmax = {}\n",
        program.physics.ends.len()
    );
    for k in lowering.collectable() {
        let _ = writeln!(
            out,
            "[[variables]]\nname = \"got_{}\"\nmax = {cells}\n",
            parts.names.kind[usize::from(k)]
        );
    }
    out.push_str(&parts.kinds);
    out
}

struct Lowering<'a> {
    program: &'a Program,
    parts: &'a PhysicsParts,
}

impl Lowering<'_> {
    fn kind(&self, k: u8) -> &str {
        &self.parts.names.kind[usize::from(k)]
    }

    /// The kinds taken on entering, by id.
    fn collectable(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.program.kinds.len() as u8)
            .filter(|&k| self.program.kinds[usize::from(k)].collectable)
    }

    /// The end action's letter, if the program has one.
    fn end_letter(&self) -> Option<char> {
        (self.program.actions.iter())
            .find(|a| a.mode == Mode::End)
            .map(|a| a.letter)
    }

    /// The whole rules: a move while play goes on; after an end pattern,
    /// the `end` action's letter and the outcome.
    fn rules(&self) -> String {
        let actor = self.kind(self.program.actor);
        let mut ways = vec![format!("{{$ ended == 0}} any {{{actor}}} moves")];
        if let Some(letter) = self.end_letter() {
            let word = core_quoted(&letter.to_string());
            for (i, end) in self.program.physics.ends.iter().enumerate() {
                ways.push(format!(
                    "{{$ ended == {}}} mark({word}) {}",
                    i + 1,
                    outcome(end.outcome)
                ));
            }
        }
        ways.join(" | ")
    }

    /// The first end pattern that matches anywhere, noted in `ended`.
    fn verdict(&self) -> String {
        let mut ways: Vec<String> = (self.parts.ends.iter().enumerate())
            .map(|(i, (_, test))| format!("{{? any {test}}} [$ ended = {}]", i + 1))
            .collect();
        ways.push("[$ ended = 0]".to_owned());
        format!("once({})", ways.join(" | "))
    }

    /// The end of a move: the game's end when an end pattern matched and
    /// the program has no `end` action to acknowledge it (the first way
    /// that ends is the one taken), else the next move. The last way
    /// tests nothing, so the rest of a move after its marks cannot fail
    /// and listing takes the action at its last mark.
    fn finish(&self) -> String {
        let mut ways = Vec::new();
        if self.end_letter().is_none() {
            for (i, end) in self.program.physics.ends.iter().enumerate() {
                ways.push(format!("{{$ ended == {}}} {}", i + 1, outcome(end.outcome)));
            }
        }
        ways.push("->next".to_owned());
        format!("( {} )", ways.join(" | "))
    }

    /// Every move in the walker's order: actions, directions, counts.
    fn moves(&self) -> String {
        let mut ways = Vec::new();
        for def in &self.program.actions {
            if def.mode == Mode::End {
                continue;
            }
            for &direction in &def.directions {
                ways.push(self.direction_moves(def, direction));
            }
        }
        match ways.is_empty() {
            true => "{! any}".to_owned(),
            false => format!("( {} )", ways.join(" | ")),
        }
    }

    /// The actions `L(d;n)` of `def` in `direction`, every count: the
    /// notation's head, the steps (sharing the first `k` steps among the
    /// counts from `k` on), the count, the move's end.
    fn direction_moves(&self, def: &ActionDef, direction: Direction) -> String {
        let letter = word_of(&format!("{}(", def.letter));
        let after = match self.program.physics.timing {
            Timing::AfterStep => "finish",
            Timing::AfterMove => "settle verdict rest finish",
        };
        format!(
            "mark({letter}) mark({}) mark({}) {} {after}",
            direction.letter(),
            word_of(";"),
            self.steps_from(def, direction, 1)
        )
    }

    /// Steps `k` and on of `def`'s move in `direction`, each count from `k`
    /// on ending with its mark: step `k` as the last (count `k`) or as one
    /// on the way (counts after `k`), judged alike unless digging needs
    /// earth only at the end (`dig = "last"`). With the physics after every
    /// step, a step after which an end pattern matches ends every count
    /// from there on.
    fn steps_from(&self, def: &ActionDef, direction: Direction, k: u8) -> String {
        let counts = |from: u8| -> String {
            let marks: Vec<String> = (from..=def.max_count).map(count_mark).collect();
            format!("( {} )", marks.join(" | "))
        };
        let settle_each = self.program.physics.timing == Timing::AfterStep;
        let physics = if settle_each {
            " settle verdict rest"
        } else {
            ""
        };
        let on = |k: u8| -> Option<String> {
            (k < def.max_count).then(|| match settle_each {
                true => format!(
                    "( {{$ ended > 0}} {} | {{$ ended == 0}} {} )",
                    counts(k + 1),
                    self.steps_from(def, direction, k + 1)
                ),
                false => self.steps_from(def, direction, k + 1),
            })
        };
        let last = self.step(def, direction, true);
        if def.mode == Mode::Dig && def.dig == DigRule::Last {
            let way = self.step(def, direction, false);
            return match on(k) {
                None => format!("{last}{physics} {}", count_mark(k)),
                Some(on) => format!(
                    "( {last}{physics} {} | {way}{physics} {on} )",
                    count_mark(k)
                ),
            };
        }
        match on(k) {
            None => format!("{last}{physics} {}", count_mark(k)),
            Some(on) => format!("{last}{physics} ( {} | {on} )", count_mark(k)),
        }
    }

    /// One step from the actor's square: it leaves it, goes one square in
    /// `direction` and enters, digs or pushes as `def` says.
    fn step(&self, def: &ActionDef, direction: Direction, last: bool) -> String {
        let kinds = &self.program.kinds;
        let d = core_direction(direction);
        let actor = self.kind(self.program.actor);
        let body = match def.mode {
            Mode::Walk => self.enter(|k| kinds[usize::from(k)].passable),
            Mode::Dig if def.dig == DigRule::Last && !last => {
                self.enter(|k| kinds[usize::from(k)].diggable || kinds[usize::from(k)].passable)
            }
            Mode::Dig => self.enter(|k| kinds[usize::from(k)].diggable),
            Mode::Push => self.push(direction),
            Mode::End => unreachable!("end actions take no steps"),
        };
        format!("[empty] {d} {body} [{actor}]")
    }

    /// The square under the cursor is one of the kinds `allowed`; a
    /// collectable one is counted.
    fn enter(&self, allowed: impl Fn(u8) -> bool) -> String {
        let mut ways = Vec::new();
        let mut plain = Vec::new();
        for k in 0..self.program.kinds.len() as u8 {
            if !allowed(k) {
                continue;
            }
            let name = self.kind(k).to_owned();
            match (
                k == self.program.empty,
                self.program.kinds[usize::from(k)].collectable,
            ) {
                (true, _) => ways.push("{empty}".to_owned()),
                (false, true) => ways.push(format!("{{{name}}} [$ got_{name} = got_{name} + 1]")),
                (false, false) => plain.push(name),
            }
        }
        if !plain.is_empty() {
            ways.push(format!("{{{}}}", plain.join(", ")));
        }
        match ways.is_empty() {
            true => "{! any}".to_owned(),
            false => format!("( {} )", ways.join(" | ")),
        }
    }

    /// The square under the cursor holds a piece pushable in `direction`
    /// and the square beyond is empty: the piece goes there.
    fn push(&self, direction: Direction) -> String {
        let d = core_direction(direction);
        let ways: Vec<String> = (0..self.program.kinds.len() as u8)
            .filter(|&k| self.program.kinds[usize::from(k)].pushable[direction as usize])
            .filter(|&k| k != self.program.empty)
            .map(|k| {
                let name = self.kind(k);
                format!("{{{name}}} <{d} {{empty}} [{name}]>")
            })
            .collect();
        match ways.is_empty() {
            true => "{! any}".to_owned(),
            false => format!("( {} )", ways.join(" | ")),
        }
    }

    /// The cave's rows as core setup rows, the top row first.
    fn setup(&self, cave: &Grid) -> String {
        let kinds: Vec<u8> = cave.kinds().collect();
        let width = cave.width();
        let rows: Vec<String> = (0..cave.height())
            .rev()
            .map(|y| {
                let row: String = (kinds[y * width..(y + 1) * width].iter())
                    .map(|&k| match k == self.program.empty {
                        true => '.',
                        false => self.program.kinds[usize::from(k)].glyph,
                    })
                    .collect();
                toml::Value::String(row).to_string()
            })
            .collect();
        format!("[{}]", rows.join(", "))
    }
}

/// An end pattern's outcome as the core ends a game.
fn outcome(outcome: EndOutcome) -> &'static str {
    match outcome {
        EndOutcome::Won => "end(win)",
        EndOutcome::Lost => "end(lose)",
    }
}

/// The core's compass name of a walker direction (north is up, `+y`).
fn core_direction(direction: Direction) -> &'static str {
    match direction {
        Direction::N => "n",
        Direction::S => "s",
        Direction::E => "e",
        Direction::W => "w",
    }
}

/// The marks that end an action of count `n`: `n)`.
fn count_mark(n: u8) -> String {
    format!("mark({n}) mark({})", word_of(")"))
}

/// `text` as a quoted mark word of the core (`"M("`, `\"` a quote).
pub(crate) fn core_quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `text` as a quoted mark word inside a TOML basic string.
fn word_of(text: &str) -> String {
    let core = core_quoted(text);
    core.replace('\\', "\\\\").replace('"', "\\\"")
}
