//! The vocabulary as sugar: a checked vocabulary ruleset lowered into a
//! core ruleset (`game = "core"`, [`crate::lang`]) at load.
//!
//! Every named mechanic becomes core rules written out from the
//! ruleset's tables, never from its name: `place` is `any {empty} [kind]
//! mark`, a `drop` goes to the line's entry and falls while the square
//! below is empty, a `move` pattern is a choice of direction walks nearest
//! first, lines are pattern tests along the board's axes through the
//! cursor, `reach` a test that the player's forward direction runs off the
//! board, reserves, reserve stacks and counters bounded variables, phases
//! a variable the turn dispatches on, the turn limit a counted variable,
//! the effects (transport, rotate, blast) written out square by square
//! from the rules' tables, `neutralise` as grey kinds, one set per use.
//! The core program lists the same actions in the same order, written the
//! same way, and ends play the same way (`tests/vocab_lowered.rs` plays
//! both side by side). A ruleset using a mechanic the core cannot express
//! yet (`neutralise` without `uses`, ...) gets the list of those mechanics
//! instead ([`Unlowered`]).
//!
//! ```
//! use relic::contract::Game;
//! use relic::lang::CoreGame;
//! use relic::vocab::lower::lower_builtin;
//! let (core, _) = lower_builtin("connect-four").unwrap();
//! let game = CoreGame::new(core);
//! let legal: Vec<String> = game.legal_actions().iter().map(|a| game.write_action(a)).collect();
//! assert_eq!(legal, ["a", "b", "c", "d", "e", "f", "g"]);
//! ```

mod check;
mod cover;
mod effects;
mod moves;
mod outcome;
mod reserve;
mod rules;
mod status;
mod text;

use std::collections::BTreeMap;
use std::sync::Arc;

use super::compile::Program;
use super::schema::*;
use crate::lang::schema::{
    BoardSpec as CoreBoard, CoreKey, CoreRuleset, KindSpec as CoreKind, NoMove, Shape as CoreShape,
    VariableSpec,
};

/// Why a vocabulary ruleset does not lower: the mechanics it uses that the
/// core cannot express yet, each named as the ruleset writes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not lowered into the core: {}", .missing.join("; "))]
pub struct Unlowered {
    /// The mechanics, in the order found.
    pub missing: Vec<String>,
}

/// Lowers a checked vocabulary ruleset (as it resolved after `extends`)
/// and its compiled program into a core ruleset.
///
/// ```
/// use relic::vocab::lower::lower;
/// let source = relic::vocab::vocab_builtin_source("tic-tac-toe").unwrap();
/// let (ruleset, program) = relic::vocab::parse_vocab_resolved(source, "t.toml", None).unwrap();
/// let core = lower(&ruleset, &program).unwrap();
/// assert_eq!(core.rules, "actions");
/// assert!(core.macros["actions"].starts_with("any mark {empty} [mark_kind]"));
/// ```
pub fn lower(ruleset: &VocabRuleset, program: &Program) -> Result<CoreRuleset, Unlowered> {
    let mut lowering = Lowering::new(ruleset, program);
    lowering.check();
    if !lowering.missing.is_empty() {
        return Err(Unlowered {
            missing: lowering.missing,
        });
    }
    Ok(lowering.ruleset())
}

/// [`lower`], then the core ruleset compiled: the program the core
/// interpreter runs, and the ruleset as TOML.
pub fn lower_compiled(
    ruleset: &VocabRuleset,
    program: &Program,
) -> Result<(Arc<crate::lang::Program>, CoreRuleset), Unlowered> {
    let core = lower(ruleset, program)?;
    let text = toml::to_string(&core).expect("core rulesets serialise to TOML");
    match crate::lang::parse_core_resolved(&text, &format!("{} (lowered)", program.name), None) {
        Ok((resolved, compiled)) => Ok((compiled, resolved)),
        Err(failure) => Err(Unlowered {
            missing: vec![format!(
                "the lowered rules do not compile: {}",
                failure.render(100)
            )],
        }),
    }
}

/// The built-in vocabulary ruleset `name` lowered and compiled, or why not
/// (`None`: no such built-in ruleset).
pub fn lower_builtin(name: &str) -> Option<(Arc<crate::lang::Program>, CoreRuleset)> {
    let source = super::vocab_builtin_source(name)?;
    let (ruleset, program) = super::parse_vocab_resolved(source, name, None).ok()?;
    lower_compiled(&ruleset, &program).ok()
}

/// The core form of the built-in vocabulary ruleset `name` as core
/// ruleset TOML (its macros kept), for a core ruleset to extend: `None`
/// when `name` is no built-in vocabulary ruleset or does not lower.
/// Each is written once per process.
///
/// ```
/// let text = relic::vocab::lower::core_source("connect-four").unwrap();
/// assert!(text.starts_with("game = \"core\""));
/// assert!(relic::vocab::lower::core_source("chess").is_none());
/// ```
pub fn core_source(name: &str) -> Option<&'static str> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static WRITTEN: OnceLock<Mutex<HashMap<String, Option<&'static str>>>> = OnceLock::new();
    let written = WRITTEN.get_or_init(Default::default);
    if let Some(&text) = written.lock().ok()?.get(name) {
        return text;
    }
    let text = super::vocab_builtin_source(name)
        .and_then(|source| super::parse_vocab_resolved(source, name, None).ok())
        .and_then(|(ruleset, program)| lower(&ruleset, &program).ok())
        .and_then(|core| toml::to_string(&core).ok())
        .map(|text| &*Box::leak(text.into_boxed_str()));
    written.lock().ok()?.insert(name.to_owned(), text);
    text
}

/// The state of one lowering: the tables, the names chosen for the core,
/// and what cannot be lowered.
pub(super) struct Lowering<'a> {
    pub(super) rs: &'a VocabRuleset,
    pub(super) p: &'a Program,
    /// The core name of each kind.
    pub(super) kinds: Vec<String>,
    /// The core variable of each counter.
    pub(super) counters: Vec<String>,
    /// Player directions (`[directions]`) the rules use.
    pub(super) directions: BTreeMap<String, BTreeMap<String, String>>,
    /// What joins an action's marks.
    pub(super) separator: &'static str,
    /// Whether placements are written `KIND@SQUARE`.
    pub(super) kind_words: [bool; 2],
    /// Each rule's directions, as the core names them.
    pub(super) slots: Vec<Vec<String>>,
    /// Every name given in the core so far (players, kinds, variables).
    taken: Vec<String>,
    /// The sinks' neutral kind.
    sink: String,
    /// The neutral kinds that flag a blast's ring squares: one, or one per
    /// place in the ring where pieces can be grey (they are then sent back
    /// in the ring's order, [`status`]).
    rings: Vec<String>,
    /// Each rule's variable of uses left (`None`: unlimited).
    uses: Vec<Option<String>>,
    /// Each use of a neutralising rule ([`status`]).
    paints: Vec<status::Paint>,
    /// The variable holding what a reserve stack gave, where pieces sent
    /// back may be grey.
    held: Option<String>,
    /// The reserve stacks' variables ([`Lowering::name_stacks`]).
    stack_names: Vec<String>,
    missing: Vec<String>,
}

fn is_ident(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `name` where it is a free identifier, else `fallback`.
fn core_name(name: &str, fallback: String, taken: &[String]) -> String {
    let free = is_ident(name)
        && !crate::lang::keywords::is_keyword(name)
        && !taken.iter().any(|t| t == name);
    match free {
        true => name.to_owned(),
        false => fallback,
    }
}

/// `base` where it is a free identifier, else the first of `base_2`,
/// `base_3`... that is; taken from then on.
fn fresh(base: String, taken: &mut Vec<String>) -> String {
    let name = (1..)
        .map(|n| match n {
            1 => base.clone(),
            _ => format!("{base}_{n}"),
        })
        .find(|name| core_name(name, String::new(), taken) == *name)
        .expect("names run out only after usize::MAX tries");
    taken.push(name.clone());
    name
}

/// Each rule's variable of uses left, `uses_RULE` (`None`: unlimited).
fn uses_names(p: &Program, taken: &mut Vec<String>) -> Vec<Option<String>> {
    let names = p.rules.iter().enumerate().map(|(r, rule)| {
        let base = match is_ident(&rule.name) {
            true => format!("uses_{}", rule.name),
            false => format!("uses{r}"),
        };
        rule.uses.map(|_| fresh(base, taken))
    });
    names.collect()
}

impl<'a> Lowering<'a> {
    fn new(rs: &'a VocabRuleset, p: &'a Program) -> Lowering<'a> {
        let players: Vec<String> = p.players.iter().map(|pl| pl.name.clone()).collect();
        let mut kinds: Vec<String> = Vec::new();
        for (i, k) in p.kinds.iter().enumerate() {
            let taken: Vec<String> = players.iter().chain(&kinds).cloned().collect();
            let fallback = match is_ident(&k.name) {
                true => core_name(&format!("{}_kind", k.name), format!("kind{i}"), &taken),
                false => format!("kind{i}"),
            };
            kinds.push(core_name(&k.name, fallback, &taken));
        }
        let mut counters = Vec::new();
        for (i, c) in p.flow.counters.iter().enumerate() {
            let mut taken = players.clone();
            taken.extend(kinds.iter().cloned());
            taken.extend(kinds.iter().map(|k| format!("hand_{k}")));
            taken.extend(counters.iter().cloned());
            counters.push(core_name(c.name, format!("counter{i}"), &taken));
        }
        let kind_words = [placeable(p, false) > 1, placeable(p, true) > 1];
        let moves = p.rules.iter().any(|r| r.mechanic == Mechanic::Move);
        let mut taken = players;
        taken.extend(kinds.iter().cloned());
        taken.extend(kinds.iter().map(|k| format!("hand_{k}")));
        taken.extend(counters.iter().cloned());
        taken.extend(["turns".to_owned(), "phase".to_owned()]);
        let sink = fresh("sink".into(), &mut taken);
        let ring = fresh("ring".into(), &mut taken);
        let uses = uses_names(p, &mut taken);
        Lowering {
            rs,
            p,
            kinds,
            counters,
            directions: BTreeMap::new(),
            separator: match (kind_words.contains(&true), moves) {
                (true, false) => "@",
                (true, true) => "",
                _ => "-",
            },
            kind_words,
            slots: Vec::new(),
            taken,
            sink,
            rings: vec![ring],
            uses,
            paints: Vec::new(),
            held: None,
            stack_names: Vec::new(),
            missing: Vec::new(),
        }
    }

    /// The core ruleset.
    fn ruleset(&mut self) -> CoreRuleset {
        let p = self.p;
        if p.goal_kinds != 0 {
            let forward = (p.players.iter())
                .map(|pl| (pl.name.clone(), self.abs(pl.forward).to_owned()))
                .collect();
            self.directions.insert("forward".into(), forward);
        }
        self.name_slots();
        self.name_stacks();
        self.name_paints();
        let mut macros = BTreeMap::new();
        self.line_macros(&mut macros);
        if self.statuses() {
            macros.insert("expire".into(), self.expire_macro());
        }
        let rules = self.turn(&mut macros);
        CoreRuleset {
            game: CoreKey::Core,
            name: p.name.clone(),
            description: p.description.clone(),
            extends: None,
            unset: Vec::new(),
            board: self.board(),
            players: p.players.iter().map(|pl| pl.name.clone()).collect(),
            colours: Vec::new(),
            first: None,
            kinds: self.core_kinds(),
            directions: std::mem::take(&mut self.directions),
            variables: self.variables(),
            rules,
            macros,
            separator: self.separator.to_owned(),
            no_move: match p.no_actions {
                Ending::Draw => NoMove::Draw,
                Ending::Loss => NoMove::Lose,
                Ending::Win => NoMove::Win,
            },
            no_move_rules: None,
            penalty: match p.illegal {
                Illegal::LoseTurn => self.penalties(),
                _ => Vec::new(),
            },
            quit: p.quit,
            repetition: None,
            forbid_repeat: None,
            step_limit: None,
            refusals: Default::default(),
            spellings: None,
            browser: crate::lang::look_spec::BrowserSpec {
                checkered: p.appearance.checkered,
                ..Default::default()
            },
            repetition_rules: None,
            forbid_repeat_times: None,
            fen: Default::default(),
        }
    }

    /// The kinds, and the sinks' neutral kind where squares become sinks.
    fn core_kinds(&self) -> Vec<CoreKind> {
        let p = self.p;
        let kinds = (p.kinds.iter().zip(&self.kinds)).zip(&p.appearance.kinds);
        let mut core: Vec<CoreKind> = kinds
            .map(|((k, name), draw)| CoreKind {
                name: name.clone(),
                glyphs: k.glyphs.clone(),
                glyph: None,
                draw: draw.clone(),
                shown: true,
            })
            .collect();
        let neutral = |name: String, glyph: &str| CoreKind {
            name,
            glyphs: Vec::new(),
            glyph: Some(glyph.to_owned()),
            draw: Default::default(),
            shown: true,
        };
        if p.rules.iter().any(|r| r.mechanic == Mechanic::Blast) {
            core.push(neutral(self.sink.clone(), &p.glyphs.sink));
            // Never seen between actions: a blast's ring, flagged.
            for (i, ring) in self.rings.iter().enumerate() {
                let glyph = match i {
                    0 => "*".to_owned(),
                    _ => format!("*{}", i + 1),
                };
                core.push(neutral(ring.clone(), &glyph));
            }
        }
        let mut used: Vec<String> = core.iter().flat_map(|k| k.glyphs.clone()).collect();
        used.extend(core.iter().filter_map(|k| k.glyph.clone()));
        used.extend([p.glyphs.empty.clone(), p.glyphs.neutral.clone()]);
        core.extend(self.grey_kinds(&used));
        core
    }

    /// The name of the sinks' kind: `sink`, unless another name has it.
    pub(super) fn sink_kind(&self) -> &str {
        &self.sink
    }

    /// The name of the kind that flags the `i`th square (from 0) of a
    /// blast's ring.
    pub(super) fn ring_kind(&self, i: usize) -> &str {
        &self.rings[i.min(self.rings.len() - 1)]
    }

    fn board(&self) -> CoreBoard {
        let g = &self.p.geometry;
        CoreBoard {
            shape: match g.shape {
                Shape::Square => CoreShape::Square,
                Shape::Hex => CoreShape::Hex,
            },
            width: u16::from(g.width),
            height: u16::from(g.height),
            points: Vec::new(),
            links: BTreeMap::new(),
            opposite: BTreeMap::new(),
            holes: Vec::new(),
            hexagon: false,
            setup: self.rs.board.setup.clone(),
            heights: false,
        }
    }

    /// Reserves (`hand_KIND`, per player), counters, the turn count and
    /// the phase.
    fn variables(&self) -> Vec<VariableSpec> {
        let p = self.p;
        let mut vars = Vec::new();
        for (k, kind) in p.kinds.iter().enumerate() {
            if let (Some(n), true, 0) = (kind.reserve, self.placed(k), p.stacks) {
                let n = i32::from(n);
                vars.push(var(format!("hand_{}", self.kinds[k]), 0, n, n, true));
            }
        }
        vars.extend(self.stack_variables());
        vars.extend(self.uses_variables());
        vars.extend(self.status_variables());
        for (c, counter) in p.flow.counters.iter().enumerate() {
            let per = counter.per == Per::Player;
            let name = self.counters[c].clone();
            vars.push(var(name, counter.min, counter.max, counter.start, per));
        }
        if let Some((turns, _)) = p.turn_limit {
            vars.push(var("turns".into(), 0, turns as i32, 0, false));
        }
        if !p.flow.phases.is_empty() {
            let last = p.flow.phases.len() as i32 - 1;
            vars.push(var("phase".into(), 0, last.max(1), 0, false));
        }
        vars
    }

    /// Whether some `place` rule places kind `k`.
    pub(super) fn placed(&self, k: usize) -> bool {
        (self.p.rules.iter()).any(|r| r.mechanic == Mechanic::Place && r.kinds >> k & 1 == 1)
    }

    /// The core name of absolute direction `d`.
    pub(super) fn abs(&self, d: u8) -> &'static str {
        const SQUARE: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
        const HEX: [&str; 6] = ["ne", "e", "se", "sw", "w", "nw"];
        match self.p.geometry.shape {
            Shape::Square => SQUARE[usize::from(d)],
            Shape::Hex => HEX[usize::from(d)],
        }
    }

    /// The core name of the direction one step `(dx, dy)`.
    pub(super) fn step(&self, dx: i8, dy: i8) -> &'static str {
        let found = (self.p.geometry.directions().iter())
            .position(|&(_, x, y)| (x, y) == (dx, dy))
            .expect("a direction of the board");
        self.abs(found as u8)
    }
}

fn var(name: String, min: i32, max: i32, start: i32, per_player: bool) -> VariableSpec {
    let start = crate::lang::schema::StartValue::One(start);
    VariableSpec {
        name,
        start,
        min,
        max,
        per_player,
        repetition: true,
        shown: true,
    }
}

/// The kinds (bits) that `place` rules with (`drop`) or without a drop
/// direction can place: several are written `KIND@...`.
fn placeable(p: &Program, drop: bool) -> u32 {
    (p.rules.iter())
        .filter(|r| r.mechanic == Mechanic::Place && r.drop.is_some() == drop)
        .fold(0u16, |m, r| m | r.kinds)
        .count_ones()
}

fn mechanic_name(m: Mechanic) -> &'static str {
    match m {
        Mechanic::Place => "place",
        Mechanic::Move => "move",
        Mechanic::Pass => "pass",
        Mechanic::Transport => "transport",
        Mechanic::Blast => "blast",
        Mechanic::Rotate => "rotate",
        Mechanic::Neutralise => "neutralise",
    }
}
