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
//! from the rules' tables. The core program lists the same actions in the
//! same order, written the same way, and ends play the same way
//! (`tests/vocab_lowered.rs` plays both side by side). A ruleset using a
//! mechanic the core cannot express yet (`neutralise`, ...) gets the list
//! of those mechanics instead ([`Unlowered`]).
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

mod cover;
mod effects;
mod moves;
mod outcome;
mod reserve;
mod rules;
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
            missing: Vec::new(),
        }
    }

    fn miss(&mut self, what: impl Into<String>) {
        let what = what.into();
        if !self.missing.contains(&what) {
            self.missing.push(what);
        }
    }

    /// Notes every mechanic of the ruleset that the core cannot express.
    fn check(&mut self) {
        let p = self.p;
        if p.geometry.coordinates == Coordinates::ColumnRow {
            self.miss("board.coordinates = \"column-row\" (core cells are named letter-number)");
        }
        let anywhere_any =
            (p.rules.iter()).any(|r| r.onto == Onto::Cover && r.pattern == Pattern::Anywhere);
        let moves = p.rules.iter().any(|r| r.mechanic == Mechanic::Move);
        if p.cover != Cover::None && moves && p.players.len() != 2 {
            self.miss("[stacking] with moves and more than two players");
        }
        if p.cover == Cover::Any && anywhere_any {
            self.miss("[stacking] cover = \"any\" with `anywhere` moves");
        }
        if p.stacks == 0 && p.rules.iter().any(|r| r.mechanic == Mechanic::Blast) {
            self.miss("effect `blast` without reserve stacks (pieces sent back to counts)");
        }
        if p.refill == Refill::Captured {
            self.miss("reserve.refill = \"captured\" (a reserve of another player)");
        }
        if p.illegal == Illegal::LoseTurn && !p.flow.phases.is_empty() {
            self.miss("turns.illegal = \"lose-turn\" (forfeits) with phases");
        }
        for rule in &p.rules {
            self.check_rule(rule);
        }
        self.check_flow();
    }

    fn check_rule(&mut self, rule: &super::compile::Rule) {
        let lowered = matches!(
            rule.mechanic,
            Mechanic::Transport | Mechanic::Rotate | Mechanic::Blast
        ) && self.p.players.len() == 2
            && Self::effect_onto(rule.onto).is_some();
        if rule.is_effect() && !lowered {
            self.miss(format!("effect `{}`", mechanic_name(rule.mechanic)));
        }
        if rule.wrap && !rule.is_effect() {
            self.miss("moves with `wrap`");
        }
        let lines = self.rs.outcomes.line.is_some();
        if rule.cover_only.is_some() && (self.p.players.len() != 2 || !lines) {
            self.miss("place `cover_only` without two players and lines");
        }
        let lengths: Vec<usize> = rule.directions.iter().map(Vec::len).collect();
        if lengths.windows(2).any(|w| w[0] != w[1]) {
            self.miss("players with different numbers of directions");
        }
    }

    fn check_flow(&mut self) {
        let flow = &self.p.flow;
        for t in &flow.triggers {
            let per = flow.counters[usize::from(t.counter)].per;
            match t.event {
                CounterEvent::Turn => self.miss("counter event `turn`"),
                CounterEvent::Use | CounterEvent::Returned => {
                    self.miss("counter events of effects and reserves (`use`, `returned`)")
                }
                CounterEvent::Captured if per == Per::Player => {
                    self.miss("counter event `captured` on a per-player counter")
                }
                _ => {}
            }
        }
        let phased = !flow.phases.is_empty();
        if phased && !self.p.players.iter().all(|pl| is_ident(&pl.name)) {
            self.miss("phases with player names that are not identifiers");
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
        let mut macros = BTreeMap::new();
        self.line_macros(&mut macros);
        let rules = self.turn(&mut macros);
        CoreRuleset {
            game: CoreKey::Core,
            name: p.name.clone(),
            description: p.description.clone(),
            extends: None,
            board: self.board(),
            players: p.players.iter().map(|pl| pl.name.clone()).collect(),
            colours: Vec::new(),
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
            })
            .collect();
        let neutral = |name: String, glyph: &str| CoreKind {
            name,
            glyphs: Vec::new(),
            glyph: Some(glyph.to_owned()),
            draw: Default::default(),
        };
        if p.rules.iter().any(|r| r.mechanic == Mechanic::Blast) {
            core.push(neutral(self.sink_kind(), &p.glyphs.sink));
            // Never seen between actions: a blast's ring, flagged.
            core.push(neutral(self.ring_kind(), "*"));
        }
        core
    }

    /// The name of the sinks' kind: `sink`, unless a kind or player has it.
    pub(super) fn sink_kind(&self) -> String {
        let players = self.p.players.iter().map(|pl| pl.name.clone());
        let taken: Vec<String> = players.chain(self.kinds.iter().cloned()).collect();
        core_name("sink", "sink_square".into(), &taken)
    }

    /// The name of the kind that flags a blast's ring squares.
    pub(super) fn ring_kind(&self) -> String {
        let players = self.p.players.iter().map(|pl| pl.name.clone());
        let mut taken: Vec<String> = players.chain(self.kinds.iter().cloned()).collect();
        taken.push(self.sink_kind());
        core_name("ring", "blast_ring".into(), &taken)
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
            setup: self.rs.board.setup.clone(),
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
    VariableSpec {
        name,
        start,
        min,
        max,
        per_player,
        repetition: true,
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
