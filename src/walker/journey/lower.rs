//! A level-walking game whole as a core ruleset (see [`journey_core`]):
//! its steps, item uses, stats, cell changes, levels and outcomes written
//! in the core language from the compiled program's data, never from its
//! name.

use std::fmt::Write as _;

use super::compile::{Bound, Program};
use crate::lang::board::column_name;
use crate::walker::changes::Condition;
use crate::walker::effects::Effect;
use crate::walker::levels::{Level, NO_ITEM};
use crate::walker::lower::{core_quoted, ident};

/// The longest side of a core board.
const MAX_SIDE: usize = 64;
/// The most cells of a core board.
const MAX_CELLS: usize = 4096;

/// The most cells (not floor) of the levels after the first that the
/// core form writes, two instructions each, leaving room for the rest of
/// the rules under the core's [`MAX_OPS`](crate::lang::MAX_OPS).
pub const MAX_WRITTEN: usize = crate::lang::MAX_OPS / 2 - 5_000;

/// Levels that do not fit the core.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooLarge {
    /// The largest level is larger than a core board.
    #[error(
        "the levels need a board {columns} {} wide and {rows} {} high; a core board has at most \
         {MAX_SIDE} a side and {MAX_CELLS} cells",
        plural(*columns, "column"),
        plural(*rows, "row")
    )]
    Board {
        /// The most rows of a level.
        rows: usize,
        /// The most columns of a level.
        columns: usize,
    },
    /// The levels after the first hold more cells to write than a core
    /// program can.
    #[error(
        "the levels after the first hold {cells} cells besides floor, each written when its \
         level starts; the core form writes at most {MAX_WRITTEN}"
    )]
    Levels {
        /// The cells to write.
        cells: usize,
    },
}

/// A core ruleset (TOML) that plays `program` on `levels` (at least one)
/// as the level walker does. The board is as large as the largest level;
/// the level being played lies in its north-west corner, with a neutral
/// kind marking the cells beyond it, and leaving a level writes the next
/// one in its place. The floor is the empty cell; every other cell kind
/// and every item is a neutral kind; an item lies on the floor and the
/// actor (the player's one piece) on the cell it stands on, as stacks.
/// Stats, the inventory (a count and a place in the order of arrival for
/// each item) and the counters of the periodic effects are variables.
/// A step is `mark("KEY")` and a use `mark("i NAME")` (the program's
/// use word), listed as the walker lists them: steps in key order, then
/// uses in the inventory's order. A losing stat ends the game with
/// `end(lose)`, leaving the last level with `end(win)`, and a position
/// with no action is over with no result (`end(stop)`). The variables
/// come in this order: the stats (the program's order), each item's
/// count and place, the number of kinds held, the level, the periods'
/// counters.
///
/// ```
/// use std::sync::Arc;
/// use relic::contract::Game;
/// use relic::walker::journey::{Journey, journey_builtin_source, journey_core, parse_journey};
/// use relic::walker::levels::{Level, NO_ITEM};
/// let program = parse_journey(journey_builtin_source("maze-runner").unwrap(), "m", None).unwrap();
/// let level = Level { rows: 1, columns: 3, kinds: vec![program.floor; 3],
///     items: vec![NO_ITEM; 3], start: 1 };
/// let toml = journey_core(&program, &[level]).unwrap();
/// let (_, core) = relic::lang::parse_core_resolved(&toml, "levels.toml", None).unwrap();
/// let game = relic::lang::CoreGame::new(core);
/// let moves: Vec<String> = (game.legal_actions().iter()).map(|a| game.write_action(a)).collect();
/// assert_eq!(moves, ["a", "d"]);
/// ```
pub fn journey_core(program: &Program, levels: &[Level]) -> Result<String, TooLarge> {
    let rows = levels.iter().map(|l| l.rows).max().unwrap_or(1);
    let columns = levels.iter().map(|l| l.columns).max().unwrap_or(1);
    if rows > MAX_SIDE || columns > MAX_SIDE || rows * columns > MAX_CELLS {
        return Err(TooLarge::Board { rows, columns });
    }
    let lowering = Lowering {
        program,
        levels,
        names: Names::new(program),
        rows,
        columns,
    };
    let cells = (1..levels.len()).map(|k| lowering.written(k)).sum();
    if cells > MAX_WRITTEN {
        return Err(TooLarge::Levels { cells });
    }
    Ok(lowering.ruleset())
}

/// What a cell of a level shows on top.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Top {
    /// The floor: an empty cell.
    Floor,
    /// Another cell kind.
    Kind(u8),
    /// An item (on the floor, or what a change made of it).
    Item(u8),
    /// The actor.
    Actor,
    /// Beyond the level.
    Void,
}

/// The core names and glyphs of everything the lowering writes.
struct Names {
    /// By cell kind (the floor's is `empty`).
    kind: Vec<String>,
    /// By item.
    item: Vec<String>,
    actor: String,
    void: String,
    /// By stat.
    stat: Vec<String>,
    /// By item: how many are held, and its place in the inventory (0: not
    /// held).
    have: Vec<String>,
    place: Vec<String>,
    /// How many kinds of item are held.
    held: String,
    /// The level being played.
    level: String,
    /// A counter of the steps modulo each period above 1.
    ticks: Vec<(u32, String)>,
    /// The glyphs of the core's kinds.
    glyphs: KindGlyphs,
}

impl Names {
    fn new(program: &Program) -> Names {
        let mut used: Vec<String> = Vec::new();
        let mut fresh = |base: &str| {
            let mut name = ident(base);
            while crate::lang::keywords::is_keyword(&name) || used.contains(&name) {
                name.push_str("_x");
            }
            used.push(name.clone());
            name
        };
        let kind = (program.kinds.iter().enumerate())
            .map(|(k, kd)| match k == usize::from(program.floor) {
                true => "empty".to_owned(),
                false => fresh(&kd.name),
            })
            .collect();
        let item = program.items.iter().map(|i| fresh(&i.name)).collect();
        let (actor, void) = (fresh("walker"), fresh("void"));
        let stat = program
            .stats
            .defs()
            .iter()
            .map(|d| fresh(&d.name))
            .collect();
        let have = (program.items.iter()).map(|i| fresh(&format!("have_{}", i.name)));
        let have = have.collect();
        let place = (program.items.iter()).map(|i| fresh(&format!("place_{}", i.name)));
        let place = place.collect();
        let (held, level) = (fresh("held"), fresh("level"));
        let mut periods: Vec<u32> = (program.step_effects.iter())
            .map(|p| p.every)
            .filter(|&n| n > 1)
            .collect();
        periods.sort_unstable();
        periods.dedup();
        let ticks = periods
            .into_iter()
            .map(|n| (n, fresh(&format!("tick_{n}"))));
        let ticks = ticks.collect();
        Names {
            kind,
            item,
            actor,
            void,
            stat,
            have,
            place,
            held,
            level,
            ticks,
            glyphs: KindGlyphs::new(program),
        }
    }

    /// The core name of what `top` shows (`empty` for the floor).
    fn top(&self, top: Top) -> &str {
        match top {
            Top::Floor => "empty",
            Top::Kind(k) => &self.kind[usize::from(k)],
            Top::Item(i) => &self.item[usize::from(i)],
            Top::Actor => &self.actor,
            Top::Void => &self.void,
        }
    }

    fn glyph(&self, top: Top) -> &str {
        let g = &self.glyphs;
        match top {
            Top::Floor => ".",
            Top::Kind(k) => &g.kind[usize::from(k)],
            Top::Item(i) => &g.item[usize::from(i)],
            Top::Actor => &g.actor,
            Top::Void => &g.void,
        }
    }
}

/// The glyphs of the core's kinds: by cell kind (the floor's unused), by
/// item, the actor's and the void's.
struct KindGlyphs {
    kind: Vec<String>,
    item: Vec<String>,
    actor: String,
    void: String,
}

impl KindGlyphs {
    /// The program's own characters where they can be core glyphs.
    fn new(program: &Program) -> KindGlyphs {
        let mut glyphs = Glyphs::default();
        let actor = glyphs.take(Some(program.start));
        let kind = (program.kinds.iter())
            .map(|k| glyphs.take(k.glyph.or(Some(k.drawn))))
            .collect();
        let item = program.items.iter().map(|i| glyphs.take(Some(i.glyph)));
        let item = item.collect();
        let void = glyphs.take(Some('~'));
        KindGlyphs {
            kind,
            item,
            actor,
            void,
        }
    }
}

/// Glyphs handed out once each: the wanted character where it can be a
/// core glyph and is free, else the first free printable one.
#[derive(Default)]
struct Glyphs {
    used: Vec<char>,
}

impl Glyphs {
    fn take(&mut self, wanted: Option<char>) -> String {
        let free = |c: &char| !c.is_whitespace() && *c != '.' && !self.used.contains(c);
        let glyph = match wanted.filter(free) {
            Some(c) => c,
            None => ('!'..).find(free).unwrap_or('?'),
        };
        self.used.push(glyph);
        glyph.to_string()
    }
}

struct Lowering<'a> {
    program: &'a Program,
    levels: &'a [Level],
    names: Names,
    rows: usize,
    columns: usize,
}

fn plural(n: usize, word: &str) -> String {
    match n {
        1 => word.to_owned(),
        _ => format!("{word}s"),
    }
}

/// A number as a core value (`0 - n` for a negative one).
fn number(n: i64) -> String {
    match n < 0 {
        true => format!("(0 - {})", n.unsigned_abs()),
        false => n.to_string(),
    }
}

impl Lowering<'_> {
    /// The whole ruleset.
    fn ruleset(&self) -> String {
        let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
        let mut out = String::new();
        let p = self.program;
        let _ = writeln!(out, "game = \"core\"");
        let _ = writeln!(out, "name = {}", quoted(&p.name));
        let _ = writeln!(out, "description = {}", quoted(&p.description));
        let _ = writeln!(out, "players = [\"player\"]");
        let _ = writeln!(out, "separator = \"\"");
        let _ = writeln!(out, "rules = {}", quoted(&self.rules()));
        let _ = writeln!(out, "no_move_rules = \"end(stop)\"\n");
        let _ = writeln!(out, "[macros]");
        for (name, body) in self.macros() {
            let _ = writeln!(out, "{name} = {}", quoted(&body));
        }
        let _ = writeln!(out, "\n[board]\nwidth = {}", self.columns);
        let _ = writeln!(out, "height = {}", self.rows);
        let setup: Vec<String> = self.setup().iter().map(|r| quoted(r)).collect();
        let _ = writeln!(out, "setup = [{}]\n", setup.join(", "));
        out.push_str(&self.variables());
        out.push_str(&self.kinds());
        out
    }

    /// The rules of a turn: a step, or the use of an item held.
    fn rules(&self) -> String {
        let mut ways: Vec<String> = (0..self.program.steps.len())
            .filter_map(|s| self.step(s))
            .collect();
        if !self.program.items.is_empty() {
            ways.push("uses_1".to_owned());
        }
        match ways.is_empty() {
            true => format!("{{$ {} < 0}}", self.names.level),
            false => ways.join(" | "),
        }
    }

    /// Every macro, in the order written: what entering a cell does (one
    /// macro per kind with effects of its own, its test made before the
    /// step's mark), leaving a level, the uses, the levels after the
    /// first.
    fn macros(&self) -> Vec<(String, String)> {
        let tick = self.tick();
        let mut macros = vec![("rest".to_owned(), self.rest())];
        for (name, _, effects) in self.enter_groups() {
            let parts = tick.iter().cloned().chain(effects);
            let body: Vec<String> = parts.chain(["rest".to_owned()]).collect();
            macros.push((name, body.join(" ")));
        }
        macros.push(("leave".to_owned(), self.leave()));
        macros.extend(self.uses());
        for i in 0..self.program.items.len() {
            macros.push((format!("use_{}", self.names.item[i]), self.use_item(i)));
        }
        for k in 1..self.levels.len() {
            macros.push((format!("level_{}", k + 1), self.load(k)));
        }
        macros
    }

    /// The cells whose top is one of `tops`, as a core test (`None` when
    /// there is none).
    fn test(&self, tops: impl IntoIterator<Item = Top>) -> Option<String> {
        let names: Vec<&str> = tops.into_iter().map(|t| self.names.top(t)).collect();
        (!names.is_empty()).then(|| format!("{{{}}}", names.join(", ")))
    }

    /// What a cell of a level may show on top when the actor is lifted
    /// off the board: the cell kinds and, on the floor, the items.
    fn tops(&self) -> Vec<(Top, u8)> {
        let floor = self.program.floor;
        let kinds = (0..self.program.kinds.len() as u8).map(|k| match k == floor {
            true => (Top::Floor, k),
            false => (Top::Kind(k), k),
        });
        let items = (0..self.program.items.len() as u8).map(|i| (Top::Item(i), floor));
        kinds.chain(items).collect()
    }

    /// The tests of a cell entered into one of `kinds`: the kind on top,
    /// or an item lying on it.
    fn entered(&self, kinds: &[u8]) -> Vec<String> {
        let mut tests: Vec<String> = (self.test(kinds.iter().map(|&k| self.kind_top(k))))
            .into_iter()
            .collect();
        let beneath = self.beneath_items();
        let under: Vec<u8> = kinds
            .iter()
            .copied()
            .filter(|k| beneath.contains(k))
            .collect();
        let items = self.test((0..self.program.items.len() as u8).map(Top::Item));
        if let (Some(items), false) = (items, under.is_empty()) {
            match beneath == [self.program.floor] {
                true => tests.push(items),
                false => {
                    let under = self.test(under.iter().map(|&k| self.kind_top(k)));
                    tests.push(format!("{items} {{? [lift] {}}}", under.expect("a kind")));
                }
            }
        }
        tests
    }

    /// Step `s`: into a cell the actor may enter (a way for each group of
    /// kinds that enter alike), or off the level from an exit; `None` when
    /// neither can ever be.
    fn step(&self, s: usize) -> Option<String> {
        let (key, offset) = &self.program.steps[s];
        let path = path(*offset);
        let mark = format!("mark({})", core_quoted(key));
        let mut ways = Vec::new();
        for (name, kinds, _) in self.enter_groups() {
            for test in self.entered(&kinds) {
                ways.push(format!("{path}{test} {mark} {name}"));
            }
        }
        let exits = (self.tops().into_iter())
            .filter(|&(t, k)| !matches!(t, Top::Item(_)) && self.program.kinds[usize::from(k)].exit)
            .map(|(t, _)| t);
        if let Some(exit) = self.test(exits) {
            let level = self.test(self.tops().into_iter().map(|(t, _)| t));
            let level = level.expect("a program has a cell kind");
            ways.push(format!("{exit} {{! {path}{level}}} {mark} leave"));
        }
        let actor = &self.names.actor;
        (!ways.is_empty()).then(|| format!("any {{own {actor}}} [pop] ({})", ways.join(" | ")))
    }
}

/// The steps of an offset (`(dx, dy)`, y counting rows down) on a square
/// board, diagonal first, each followed by a space.
fn path((dx, dy): (i32, i32)) -> String {
    let diagonal = dx.abs().min(dy.abs());
    let corner = match (dx > 0, dy > 0) {
        (true, true) => "se",
        (true, false) => "ne",
        (false, true) => "sw",
        (false, false) => "nw",
    };
    let straight = match (dx.abs() > dy.abs(), dx > 0, dy > 0) {
        (true, true, _) => "e",
        (true, false, _) => "w",
        (false, _, true) => "s",
        (false, _, false) => "n",
    };
    let rest = dx.abs().max(dy.abs()) - diagonal;
    let steps = std::iter::repeat_n(corner, diagonal as usize)
        .chain(std::iter::repeat_n(straight, rest as usize));
    steps.map(|d| format!("{d} ")).collect()
}

mod rules;
