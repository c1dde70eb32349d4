//! A walker program's physics as a core ruleset (see [`physics_core`]).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::walker::Program;
use crate::walker::physics::{Cell, Matcher, Write};
use crate::walker::schema::Scan;

/// The notation of the settling action when no end pattern matched (an
/// end pattern's own name, made a core word, otherwise).
pub const PHYSICS_WORD_STILL: &str = "still";

/// A core ruleset (TOML) on a `width` x `height` board whose one action
/// settles the board as `program`'s physics does: a pass over every
/// square in the scan order fires the first rule that matches there and
/// follows its `then` chain, passes repeat until one changes nothing; the
/// action's notation is the first end pattern that then matches anywhere
/// (its name as a word), or [`PHYSICS_WORD_STILL`]; falling marks end
/// with the settling. Each walker kind but the empty one is a neutral
/// core kind of the same glyph (its name made a core name); a kind that
/// can fall has a second kind, glyph and `*`, for its falling state.
/// Squares off the board hold the program's outside kind, as the walker
/// reads them.
///
/// ```
/// let walker = relic::walker::builtin_walker("boulder-dash").unwrap().unwrap();
/// let toml = relic::walker::lower::physics_core(&walker, 4, 3);
/// assert!(toml.contains("scan(n e, "));
/// let (_, core) = relic::lang::parse_core_resolved(&toml, "physics.toml", None).unwrap();
/// assert_eq!(core.board.cells(), 12);
/// ```
pub fn physics_core(program: &Program, width: u16, height: u16) -> String {
    let parts = PhysicsParts::new(program);
    let mut macros = parts.macros.clone();
    let mut verdicts: Vec<String> = (parts.ends.iter())
        .map(|(name, pattern)| format!("{{? any {pattern}}} mark({})", word(name)))
        .collect();
    verdicts.push(format!("mark({PHYSICS_WORD_STILL})"));
    let _ = writeln!(macros, "verdict = \"once({})\"", verdicts.join(" | "));
    let mut out = String::new();
    let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
    let _ = writeln!(out, "game = \"core\"");
    let _ = writeln!(
        out,
        "name = {}",
        quoted(&format!("{} physics", program.name))
    );
    let _ = writeln!(
        out,
        "description = {}",
        quoted("The walker's physics: the one action settles the cave.")
    );
    let _ = writeln!(out, "players = [\"cave\", \"other\"]");
    let _ = writeln!(out, "rules = \"settle verdict rest ->next\"\n");
    let _ = writeln!(out, "[macros]\n{macros}");
    let _ = writeln!(out, "[board]\nwidth = {width}\nheight = {height}\n");
    out.push_str(&parts.last_variable);
    out.push_str(&parts.kinds);
    out
}

/// What a walker program's physics becomes in the core, for a ruleset to
/// use: the macros `rule_N`, `settle` (a settling of the whole board) and
/// `rest` (falling marks cleared), each end pattern's name and test (read
/// anywhere with `{? any TEST}`), the variable the rules' `then` chains
/// keep and the `[[kinds]]` tables.
pub(super) struct PhysicsParts {
    /// The core names of the walker's kinds.
    pub(super) names: Names,
    /// Macro lines (`name = "body"`) for `[macros]`.
    pub(super) macros: String,
    /// Each end pattern's name and test, in the walker's order.
    pub(super) ends: Vec<(String, String)>,
    /// The `[[variables]]` table of `last`.
    pub(super) last_variable: String,
    /// The `[[kinds]]` tables: each walker kind but the empty one, and
    /// the falling state of each kind that falls.
    pub(super) kinds: String,
}

impl PhysicsParts {
    pub(super) fn new(program: &Program) -> PhysicsParts {
        let names = Names::new(program);
        let ph = &program.physics;
        let mut macros = String::new();
        for (i, rule) in ph.rules.iter().enumerate() {
            let body = rule_body(&names, program, &rule.cells, rule.destination);
            let _ = writeln!(macros, "rule_{i} = \"{body} [$ last = {}]\"", i + 1);
        }
        let _ = writeln!(macros, "settle = \"{}\"", settle(ph));
        let _ = writeln!(macros, "rest = \"{}\"", rest(&names));
        let ends = (ph.ends.iter())
            .map(|end| (end.name.clone(), tests(&names, program, &end.cells)))
            .collect();
        let last_variable = format!(
            "[[variables]]\nname = \"last\"\nmax = {}\nrepetition = false\n\n",
            ph.rules.len()
        );
        let kinds = kinds_toml(program, &names);
        PhysicsParts {
            names,
            macros,
            ends,
            last_variable,
            kinds,
        }
    }
}

/// The `settle` macro's body: passes in the scan order, each square
/// firing the first rule that matches and its `then` chain, until a pass
/// changes nothing.
fn settle(ph: &crate::walker::physics::Physics) -> String {
    let first: Vec<String> = (0..ph.rules.len()).map(|i| format!("rule_{i}")).collect();
    let chained: Vec<String> = (ph.rules.iter().enumerate())
        .filter(|(_, r)| !r.then.is_empty())
        .map(|(i, r)| {
            let next: Vec<String> = r.then.iter().map(|j| format!("rule_{j}")).collect();
            format!("{{$ last == {}}} ({})", i + 1, next.join(" | "))
        })
        .collect();
    let chain = match chained.is_empty() {
        true => String::new(),
        false => format!(" once({})*!", chained.join(" | ")),
    };
    let scan = match ph.scan {
        Scan::BottomUpWestEast => "n e",
        Scan::TopDownWestEast => "s e",
    };
    match first.is_empty() {
        true => "[$ last = 0]".to_owned(),
        false => format!("scan({scan}, once({}){chain})*!", first.join(" | ")),
    }
}

/// The `rest` macro's body: every falling mark cleared.
fn rest(names: &Names) -> String {
    let rests: Vec<String> = (names.falling.iter())
        .map(|&k| {
            format!(
                "{{{}}} [{}]",
                names.falling_name(k),
                names.kind[usize::from(k)]
            )
        })
        .collect();
    match rests.is_empty() {
        true => "[$ last = 0]".to_owned(),
        false => format!("scan(n, {}) [$ last = 0]", rests.join(" | ")),
    }
}

/// The `[[kinds]]` tables of the walker's kinds (the empty one is the
/// core's empty cell), each falling kind's falling state with glyph `G*`.
fn kinds_toml(program: &Program, names: &Names) -> String {
    let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
    let mut out = String::new();
    for (k, kind) in program.kinds.iter().enumerate() {
        if k == usize::from(program.empty) {
            continue;
        }
        let glyph = quoted(&kind.glyph.to_string());
        let _ = writeln!(
            out,
            "[[kinds]]\nname = \"{}\"\nglyph = {glyph}\n",
            names.kind[k]
        );
        if names.falling.contains(&(k as u8)) {
            let glyph = quoted(&format!("{}*", kind.glyph));
            let name = names.falling_name(k as u8);
            let _ = writeln!(out, "[[kinds]]\nname = \"{name}\"\nglyph = {glyph}\n");
        }
    }
    out
}

/// The core names of a walker program's kinds.
pub(super) struct Names {
    /// By walker kind id (the empty kind: `empty`).
    pub(super) kind: Vec<String>,
    /// The kinds that have a falling state.
    pub(super) falling: BTreeSet<u8>,
}

impl Names {
    fn new(program: &Program) -> Names {
        let mut kind: Vec<String> = Vec::new();
        for (k, kd) in program.kinds.iter().enumerate() {
            if k == usize::from(program.empty) {
                kind.push("empty".to_owned());
                continue;
            }
            let mut name = ident(&kd.name);
            while crate::lang::keywords::is_keyword(&name)
                || kind.contains(&name)
                || name.ends_with("_falling")
            {
                name.push_str("_k");
            }
            kind.push(name);
        }
        let ph = &program.physics;
        let cells =
            (ph.rules.iter().flat_map(|r| &r.cells)).chain(ph.ends.iter().flat_map(|e| &e.cells));
        let mut falling = BTreeSet::new();
        for c in cells {
            match (c.matcher, c.write) {
                (
                    _,
                    Write::Set {
                        kind,
                        falling: true,
                    },
                )
                | (Matcher::Falling(kind), _) => {
                    falling.insert(kind);
                }
                _ => {}
            }
        }
        falling.remove(&program.empty);
        Names { kind, falling }
    }

    fn falling_name(&self, k: u8) -> String {
        format!("{}_falling", self.kind[usize::from(k)])
    }
}

/// `name` as a core name: letters, digits and `_`, starting with a letter.
pub(crate) fn ident(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        s.insert(0, 'k');
    }
    s
}

/// `name` as a notation word.
fn word(name: &str) -> String {
    let w: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    match w.is_empty() {
        true => "end".to_owned(),
        false => w,
    }
}

/// The shifts from a square to the one `(dx, dy)` from it (east, north),
/// east-west first: on a rectangle the way stays on the board whenever
/// both ends do.
fn path(dx: i32, dy: i32) -> String {
    let mut steps = Vec::new();
    let (h, v) = (
        if dx > 0 { "e" } else { "w" },
        if dy > 0 { "n" } else { "s" },
    );
    steps.extend(std::iter::repeat_n(h, dx.unsigned_abs() as usize));
    steps.extend(std::iter::repeat_n(v, dy.unsigned_abs() as usize));
    steps.join(" ")
}

/// The core test of one matcher (`None`: it accepts anything).
fn test(names: &Names, m: Matcher) -> Option<String> {
    match m {
        Matcher::Any => None,
        Matcher::Kind(k) if names.falling.contains(&k) => Some(format!(
            "{{{}, {}}}",
            names.kind[usize::from(k)],
            names.falling_name(k)
        )),
        Matcher::Kind(k) => Some(format!("{{{}}}", names.kind[usize::from(k)])),
        Matcher::Falling(k) => Some(format!("{{{}}}", names.falling_name(k))),
    }
}

/// Every cell's test, from the cursor, the cursor back after each; a
/// cell off the board holds the outside kind.
fn tests(names: &Names, program: &Program, cells: &[Cell]) -> String {
    let mut parts = Vec::new();
    for c in cells {
        let Some(t) = test(names, c.matcher) else {
            continue;
        };
        let way = path(c.dx, c.dy);
        let here = match way.is_empty() {
            true => t,
            false => format!("<{way} {t}>"),
        };
        match c.matcher.accepts(program.outside, false) && !way.is_empty() {
            true => parts.push(format!("({{! {way}}} | {here})")),
            false => parts.push(here),
        }
    }
    parts.join(" ")
}

/// A rule: its tests, its writes (on the board only), then the cursor to
/// its subject's destination.
fn rule_body(names: &Names, program: &Program, cells: &[Cell], to: (i32, i32)) -> String {
    let mut parts = vec![tests(names, program, cells)];
    for c in cells {
        let Write::Set { kind, falling } = c.write else {
            continue;
        };
        let put = match (falling, kind == program.empty) {
            (_, true) => "[empty]".to_owned(),
            (true, false) => format!("[{}]", names.falling_name(kind)),
            (false, false) => format!("[{}]", names.kind[usize::from(kind)]),
        };
        let way = path(c.dx, c.dy);
        parts.push(match way.is_empty() {
            true => put,
            false => format!("<{way} {put}>"),
        });
    }
    parts.push(path(to.0, to.1));
    let parts: Vec<String> = parts.into_iter().filter(|p| !p.is_empty()).collect();
    parts.join(" ")
}
