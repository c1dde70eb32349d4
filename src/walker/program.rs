//! A walker ruleset compiled: kinds with their flags as small integers,
//! actions, and physics rules as cell offsets. The hot path reads only
//! this. [`compile`] checks across tables as it goes and reports every
//! problem it finds.

use miette::SourceSpan;

use super::error::WalkerError;
use super::physics::{Cell, End, Matcher, Physics, Rule, Write};
use super::schema::{
    ActionSpec, DigRule, Direction, DrawSpec, EndSpec, Mode, RuleSpec, WalkerRuleset,
};
use crate::config::tree::Node;
use crate::config::validate::{source_span, suggestion_help};

/// One kind of square, compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    /// Its name.
    pub name: String,
    /// Its glyph.
    pub glyph: char,
    /// Walkable.
    pub passable: bool,
    /// Taken on entering.
    pub collectable: bool,
    /// Diggable.
    pub diggable: bool,
    /// Pushable, by direction (indexed as [`Direction::ALL`]).
    pub pushable: [bool; 4],
    /// How the browser draws it.
    pub draw: DrawSpec,
}

/// One action, compiled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ActionDef {
    /// Its name.
    pub name: String,
    /// Its letter.
    pub letter: char,
    /// How it moves.
    pub mode: Mode,
    /// Its directions, in canonical order.
    pub directions: Vec<Direction>,
    /// The most steps.
    pub max_count: u8,
    /// For digs: which squares must be diggable.
    pub dig: DigRule,
}

/// A checked, compiled walker ruleset: what positions share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The game it is for (`walker-physics`).
    pub game: String,
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The kinds, by id.
    pub kinds: Vec<Kind>,
    /// The actor's kind.
    pub actor: u8,
    /// The empty kind.
    pub empty: u8,
    /// The kind outside the board.
    pub outside: u8,
    /// The actions, in canonical order.
    pub actions: Vec<ActionDef>,
    /// The physics.
    pub physics: Physics,
    /// The kinds `relic solve` clears from the board (none: no goal).
    pub goal: Vec<u8>,
    /// The ruleset as it resolved after `extends` (its `extends` cleared):
    /// what records store and `relic rules show` prints.
    pub resolved: WalkerRuleset,
}

impl Program {
    /// The kind written with `glyph`.
    pub fn kind_of_glyph(&self, glyph: char) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.glyph == glyph)
            .map(|i| i as u8)
    }

    /// The kind named `name`.
    pub fn kind_named(&self, name: &str) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| i as u8)
    }

    /// The action written with `letter`.
    pub fn action_of_letter(&self, letter: char) -> Option<u8> {
        self.actions
            .iter()
            .position(|a| a.letter == letter)
            .map(|i| i as u8)
    }
}

/// A step on the way to a node of the ruleset tree.
#[derive(Clone, Copy)]
enum Step<'a> {
    Key(&'a str),
    At(usize),
}
use Step::{At, Key};

struct Compiler<'a> {
    root: &'a Node,
    out: Vec<(usize, WalkerError)>,
}

/// Checks `ruleset` (read from `root`) across its tables and compiles it,
/// or returns every problem with the file it is in.
pub fn compile(ruleset: &WalkerRuleset, root: &Node) -> Result<Program, Vec<(usize, WalkerError)>> {
    let mut c = Compiler {
        root,
        out: Vec::new(),
    };
    let kinds = c.kinds(ruleset);
    let role = |c: &mut Compiler, key: &'static str, name: &str| {
        c.kind_ref(&kinds, name, &[Key("roles"), Key(key)])
    };
    let actor = role(&mut c, "actor", &ruleset.roles.actor);
    let empty = role(&mut c, "empty", &ruleset.roles.empty);
    let outside = role(&mut c, "outside", &ruleset.roles.outside);
    let actions = c.actions(ruleset);
    let (actor, empty, outside) = (actor.unwrap_or(0), empty.unwrap_or(0), outside.unwrap_or(0));
    c.roles(&kinds, actor, empty, outside);
    let physics = c.physics(ruleset, &kinds, empty, actor);
    let goal = (ruleset.goal.clear.iter().enumerate())
        .filter_map(|(i, name)| c.kind_ref(&kinds, name, &[Key("goal"), Key("clear"), At(i)]))
        .collect();
    if !c.out.is_empty() {
        return Err(c.out);
    }
    Ok(Program {
        game: ruleset.game.clone(),
        name: ruleset.name.clone(),
        description: ruleset.description.clone(),
        kinds,
        actor,
        empty,
        outside,
        actions,
        physics,
        goal,
        resolved: WalkerRuleset {
            extends: None,
            ..ruleset.clone()
        },
    })
}

impl<'a> Compiler<'a> {
    fn node(&self, path: &[Step]) -> &'a Node {
        let mut node = self.root;
        for step in path {
            let next = match *step {
                Key(k) => node.get(k),
                At(i) => node.items().get(i),
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node
    }

    fn at(&self, path: &[Step]) -> (usize, SourceSpan) {
        let node = self.node(path);
        (node.at.file, source_span(node.at))
    }

    fn push(&mut self, path: &[Step], make: impl FnOnce(SourceSpan) -> WalkerError) {
        let (file, span) = self.at(path);
        self.out.push((file, make(span)));
    }

    fn kinds(&mut self, ruleset: &WalkerRuleset) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = Vec::new();
        for (i, spec) in ruleset.kinds.iter().enumerate() {
            let glyph = spec.glyph.chars().next().unwrap_or('?');
            if kinds.iter().any(|k| k.name == spec.name) {
                let name = spec.name.clone();
                self.push(&[Key("kinds"), At(i), Key("name")], |span| {
                    WalkerError::Duplicate {
                        what: "kind name",
                        name,
                        span,
                    }
                });
            }
            if kinds.iter().any(|k| k.glyph == glyph) {
                let name = spec.glyph.clone();
                self.push(&[Key("kinds"), At(i), Key("glyph")], |span| {
                    WalkerError::Duplicate {
                        what: "glyph",
                        name,
                        span,
                    }
                });
            }
            if "?*|".contains(glyph) || glyph.is_whitespace() {
                let glyph = spec.glyph.clone();
                self.push(&[Key("kinds"), At(i), Key("glyph")], |span| {
                    WalkerError::ReservedGlyph { glyph, span }
                });
            }
            let mut pushable = [false; 4];
            for d in &spec.pushable {
                pushable[*d as usize] = true;
            }
            kinds.push(Kind {
                name: spec.name.clone(),
                glyph,
                passable: spec.passable,
                collectable: spec.collectable,
                diggable: spec.diggable,
                pushable,
                draw: spec.draw.clone(),
            });
        }
        kinds
    }

    fn kind_ref(&mut self, kinds: &[Kind], name: &str, path: &[Step]) -> Option<u8> {
        if let Some(i) = kinds.iter().position(|k| k.name == name) {
            return Some(i as u8);
        }
        let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
        let help = suggestion_help(name, "the kinds are", &names);
        let name = name.to_owned();
        self.push(path, |span| WalkerError::UnknownName {
            what: "kind",
            name,
            span,
            help,
        });
        None
    }

    fn roles(&mut self, kinds: &[Kind], actor: u8, empty: u8, outside: u8) {
        let bad = |c: &mut Self, key: &'static str, message: String, help: &str| {
            let help = help.to_owned();
            c.push(&[Key("roles"), Key(key)], |span| WalkerError::BadRole {
                message,
                span,
                help,
            });
        };
        if actor == empty {
            bad(
                self,
                "actor",
                "the actor and the empty kind are the same".into(),
                "the actor needs a kind of its own",
            );
        }
        let out = &kinds[outside as usize];
        if out.passable || out.diggable || out.pushable.contains(&true) {
            let message = format!("the outside kind `{}` can be entered", out.name);
            bad(
                self,
                "outside",
                message,
                "the outside kind must be neither passable, diggable nor pushable (a wall)",
            );
        }
        let e = &kinds[empty as usize];
        if !e.passable || e.collectable {
            let message = format!("the empty kind `{}` is not a plain passable square", e.name);
            bad(
                self,
                "empty",
                message,
                "mark the empty kind `passable = true` and not collectable",
            );
        }
    }

    fn actions(&mut self, ruleset: &WalkerRuleset) -> Vec<ActionDef> {
        let mut out: Vec<ActionDef> = Vec::new();
        for (i, spec) in ruleset.actions.iter().enumerate() {
            let letter = spec.letter.chars().next().unwrap_or('?');
            if out.iter().any(|a| a.letter == letter) {
                let name = spec.letter.clone();
                self.push(&[Key("actions"), At(i), Key("letter")], |span| {
                    WalkerError::Duplicate {
                        what: "action letter",
                        name,
                        span,
                    }
                });
            }
            if !letter.is_ascii_graphic() || "();NSEW".contains(letter) {
                self.bad_action(
                    spec,
                    i,
                    "letter",
                    "has a letter the notation cannot read",
                    "use an ASCII letter or digit other than N, S, E and W",
                );
            }
            if spec.mode != Mode::End && spec.directions.is_empty() {
                self.bad_action(
                    spec,
                    i,
                    "directions",
                    "has no direction",
                    "list the directions it may go, e.g. [\"N\", \"S\", \"E\", \"W\"]",
                );
            }
            let mut seen = Vec::new();
            for d in &spec.directions {
                if seen.contains(d) {
                    self.bad_action(
                        spec,
                        i,
                        "directions",
                        "lists a direction twice",
                        "list each direction once",
                    );
                }
                seen.push(*d);
            }
            out.push(ActionDef {
                name: spec.name.clone(),
                letter,
                mode: spec.mode,
                directions: spec.directions.clone(),
                max_count: spec.max_count,
                dig: spec.dig,
            });
        }
        out
    }

    fn bad_action(&mut self, spec: &ActionSpec, i: usize, key: &str, message: &str, help: &str) {
        let (action, message, help) = (spec.name.clone(), message.to_owned(), help.to_owned());
        self.push(&[Key("actions"), At(i), Key(key)], |span| {
            WalkerError::BadAction {
                action,
                message,
                span,
                help,
            }
        });
    }

    fn physics(
        &mut self,
        ruleset: &WalkerRuleset,
        kinds: &[Kind],
        empty: u8,
        actor: u8,
    ) -> Physics {
        let spec = &ruleset.physics;
        let names: Vec<&str> = spec.rules.iter().map(|r| r.name.as_str()).collect();
        let mut rules = Vec::new();
        for (i, rule) in spec.rules.iter().enumerate() {
            if names[..i].contains(&rule.name.as_str()) {
                let name = rule.name.clone();
                self.push(
                    &[Key("physics"), Key("rules"), At(i), Key("name")],
                    |span| WalkerError::Duplicate {
                        what: "rule name",
                        name,
                        span,
                    },
                );
            }
            if let Some(r) = self.rule(rule, i, kinds, empty, actor, &names) {
                rules.push(r);
            }
        }
        let ends = (spec.ends.iter().enumerate())
            .filter_map(|(i, end)| self.end(end, i, kinds))
            .collect();
        Physics::new(spec.timing, spec.scan, rules, ends, kinds.len())
    }
}

/// A pattern cell as written: `?`, a glyph, or a glyph and `*`.
fn parse_cell(text: &str, kinds: &[Kind]) -> Option<(Option<u8>, bool)> {
    if text == "?" {
        return Some((None, false));
    }
    let mut chars = text.chars();
    let glyph = chars.next()?;
    let falling = match chars.as_str() {
        "" => false,
        "*" => true,
        _ => return None,
    };
    let kind = kinds.iter().position(|k| k.glyph == glyph)? as u8;
    Some((Some(kind), falling))
}

type Grid2 = Vec<Vec<(Option<u8>, bool)>>;

impl Compiler<'_> {
    /// Reads the pattern at `path` into cells, or reports each bad cell.
    fn pattern(&mut self, rows: &[Vec<String>], path: &[Step], kinds: &[Kind]) -> Option<Grid2> {
        let mut ok = true;
        let mut out = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let mut cells = Vec::new();
            for (c, text) in row.iter().enumerate() {
                match parse_cell(text, kinds) {
                    Some(cell) => cells.push(cell),
                    None => {
                        ok = false;
                        let glyphs: Vec<String> = kinds
                            .iter()
                            .map(|k| format!("`{}` {}", k.glyph, k.name))
                            .collect();
                        let help = format!(
                            "a cell is `?`, a glyph, or a glyph and `*` (falling); the glyphs are {}",
                            glyphs.join(", ")
                        );
                        let cell = text.clone();
                        let mut p = path.to_vec();
                        p.extend([At(r), At(c)]);
                        self.push(&p, |span| WalkerError::BadCell { cell, span, help });
                    }
                }
            }
            out.push(cells);
        }
        let width = out.first().map_or(0, Vec::len);
        if width == 0 || out.iter().any(|row| row.len() != width) {
            let message = "the rows of this pattern differ in length, or are empty".to_owned();
            self.push(path, |span| WalkerError::Shape { message, span });
            ok = false;
        }
        ok.then_some(out)
    }

    fn rule(
        &mut self,
        spec: &RuleSpec,
        i: usize,
        kinds: &[Kind],
        empty: u8,
        actor: u8,
        names: &[&str],
    ) -> Option<Rule> {
        let base = [Key("physics"), Key("rules"), At(i)];
        let here = |k| [base[0], base[1], base[2], Key(k)];
        let matched = self.pattern(&spec.pattern, &here("match"), kinds);
        let becomes = self.pattern(&spec.becomes, &here("becomes"), kinds);
        let then = self.then(spec, &base, names);
        let (matched, becomes) = (matched?, becomes?);
        if matched.len() != becomes.len() || matched[0].len() != becomes[0].len() {
            let message = format!(
                "`becomes` is not the shape of `match` in rule `{}`",
                spec.name
            );
            self.push(&here("becomes"), |span| WalkerError::Shape {
                message,
                span,
            });
            return None;
        }
        let height = matched.len() as i32;
        let mut cells = Vec::new();
        let (mut before, mut after) = (0, 0);
        let mut problem: Option<(String, String)> = None;
        for (r, (mrow, brow)) in matched.iter().zip(&becomes).enumerate() {
            for (c, (m, b)) in mrow.iter().zip(brow).enumerate() {
                let up = height - 1 - r as i32;
                let matcher = match *m {
                    (None, _) => Matcher::Any,
                    (Some(k), false) => Matcher::Kind(k),
                    (Some(k), true) => Matcher::Falling(k),
                };
                let write = match *b {
                    (None, _) => Write::Keep,
                    (Some(kind), falling) => Write::Set { kind, falling },
                };
                if let (Some(k), Write::Keep) = (m.0, write) {
                    before += if k != empty { up } else { 0 };
                    after += if k != empty { up } else { 0 };
                }
                if let Write::Set { kind, .. } = write {
                    let Some(old) = m.0 else {
                        problem = Some((
                            "writes a cell it does not match".into(),
                            "a cell `becomes` sets must be matched by a glyph, not `?`".into(),
                        ));
                        continue;
                    };
                    before += if old != empty { up } else { 0 };
                    after += if kind != empty { up } else { 0 };
                    if (old == actor) != (kind == actor) {
                        self.moves_actor(spec, &here("becomes"), kinds[actor as usize].glyph);
                    }
                }
                cells.push((c as i32, up, matcher, write));
            }
        }
        if let Some((message, help)) = problem {
            let rule = spec.name.clone();
            self.push(&base, |span| WalkerError::BadRule {
                rule,
                message,
                span,
                help,
            });
            return None;
        }
        let changed: Vec<_> = cells
            .iter()
            .filter(|(_, _, m, w)| match (m, w) {
                (_, Write::Keep) => false,
                (Matcher::Kind(k), Write::Set { kind, falling }) => k != kind || *falling,
                _ => true,
            })
            .copied()
            .collect();
        // The subject: the first non-empty matched cell the rule changes.
        let subject = changed.iter().find(
            |(_, _, m, _)| matches!(m, Matcher::Kind(k) | Matcher::Falling(k) if *k != empty),
        );
        let Some(&(sx, sy, sm, _)) = subject else {
            let rule = spec.name.clone();
            self.push(&base, |span| WalkerError::BadRule {
                rule,
                message: "changes no square that holds something".into(),
                span,
                help: "a rule moves or changes at least one non-empty square (its subject)".into(),
            });
            return None;
        };
        if after >= before {
            let rule = spec.name.clone();
            self.push(&base, |span| WalkerError::MayNotTerminate {
                rule,
                span,
                before,
                after,
            });
            return None;
        }
        let dest = changed
            .iter()
            .find(|(_, _, _, w)| matches!(w, Write::Set { kind, .. } if *kind != empty))
            .map_or((sx, sy), |&(x, y, _, _)| (x, y));
        let subject_kind = match sm {
            Matcher::Kind(k) | Matcher::Falling(k) => k,
            Matcher::Any => unreachable!("the subject is matched by a glyph"),
        };
        let mut cells: Vec<Cell> = cells
            .into_iter()
            .map(|(x, y, matcher, write)| Cell {
                dx: x - sx,
                dy: y - sy,
                matcher,
                write,
            })
            .collect();
        cells.sort_by_key(|c| (c.dx, c.dy) != (0, 0));
        Some(Rule::new(
            spec.name.clone(),
            subject_kind,
            cells,
            (dest.0 - sx, dest.1 - sy),
            then?,
        ))
    }

    fn moves_actor(&mut self, spec: &RuleSpec, path: &[Step], glyph: char) {
        let rule = spec.name.clone();
        self.push(path, |span| WalkerError::MovesActor {
            rule,
            actor: glyph.to_string(),
            span,
        });
    }

    fn then(&mut self, spec: &RuleSpec, base: &[Step], names: &[&str]) -> Option<Vec<usize>> {
        let mut out = Vec::new();
        for (j, name) in spec.then.iter().enumerate() {
            match names.iter().position(|n| n == name) {
                Some(index) => out.push(index),
                None => {
                    let help = suggestion_help(name, "the rules are", names);
                    let name = name.clone();
                    let mut p = base.to_vec();
                    p.extend([Key("then"), At(j)]);
                    self.push(&p, |span| WalkerError::UnknownName {
                        what: "rule",
                        name,
                        span,
                        help,
                    });
                }
            }
        }
        (out.len() == spec.then.len()).then_some(out)
    }

    fn end(&mut self, spec: &EndSpec, i: usize, kinds: &[Kind]) -> Option<End> {
        let path = [Key("physics"), Key("ends"), At(i), Key("match")];
        let cells = self.pattern(&spec.pattern, &path, kinds)?;
        let height = cells.len() as i32;
        let mut out = Vec::new();
        for (r, row) in cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let matcher = match *cell {
                    (None, _) => continue,
                    (Some(k), false) => Matcher::Kind(k),
                    (Some(k), true) => Matcher::Falling(k),
                };
                out.push(Cell {
                    dx: c as i32,
                    dy: height - 1 - r as i32,
                    matcher,
                    write: Write::Keep,
                });
            }
        }
        let Some(first) = out.first().copied() else {
            let message = format!("end pattern `{}` matches anything", spec.name);
            self.push(&path, |span| WalkerError::Shape { message, span });
            return None;
        };
        let subject = match first.matcher {
            Matcher::Kind(k) | Matcher::Falling(k) => k,
            Matcher::Any => unreachable!("`?` cells are skipped"),
        };
        for c in &mut out {
            c.dx -= first.dx;
            c.dy -= first.dy;
        }
        Some(End::new(spec.name.clone(), subject, out, spec.outcome))
    }
}
