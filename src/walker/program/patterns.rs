//! Physics rules and end patterns compiled: two-dimensional patterns of
//! glyphs read into cells relative to their subject, each rule checked
//! (a shape `becomes` keeps, a subject, the actor left alone, and the
//! load-time termination measure: the weighted height of what is not
//! empty must fall).

use super::{Compiler, Kind, Step};
use crate::config::validate::suggestion_help;
use crate::walker::error::WalkerError;
use crate::walker::physics::{Cell, End, Matcher, Physics, Rule, Write};
use crate::walker::schema::{EndSpec, RuleSpec, WalkerRuleset};
use Step::{At, Key};

/// Pattern cells as read: a kind (none for `?`) and whether it is falling.
type Grid2 = Vec<Vec<(Option<u8>, bool)>>;

/// A cell of a rule: column, height from the bottom row, matcher, write.
type RuleCell = (i32, i32, Matcher, Write);

/// The kinds and the two roles rules are checked against.
#[derive(Clone, Copy)]
struct Roles<'k> {
    kinds: &'k [Kind],
    empty: u8,
    actor: u8,
}

/// A rule's subject: where it is in the pattern, its kind, and where the
/// rule puts it.
struct Subject {
    at: (i32, i32),
    kind: u8,
    to: (i32, i32),
}

impl Compiler<'_> {
    /// The physics: each rule and end pattern compiled, every problem
    /// reported.
    pub(super) fn physics(
        &mut self,
        ruleset: &WalkerRuleset,
        kinds: &[Kind],
        empty: u8,
        actor: u8,
    ) -> Physics {
        let spec = &ruleset.physics;
        let names: Vec<&str> = spec.rules.iter().map(|r| r.name.as_str()).collect();
        let roles = Roles {
            kinds,
            empty,
            actor,
        };
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
            if let Some(r) = self.rule(rule, i, roles, &names) {
                rules.push(r);
            }
        }
        let ends = (spec.ends.iter().enumerate())
            .filter_map(|(i, end)| self.end(end, i, kinds))
            .collect();
        Physics::new(spec.timing, spec.scan, rules, ends, kinds.len())
    }

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
                        self.bad_cell(text, path, (r, c), kinds);
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

    fn bad_cell(&mut self, text: &str, path: &[Step], (r, c): (usize, usize), kinds: &[Kind]) {
        let glyphs: Vec<String> = kinds
            .iter()
            .map(|k| format!("`{}` {}", k.glyph, k.name))
            .collect();
        let help = format!(
            "a cell is `?`, a glyph, or a glyph and `*` (falling); the glyphs are {}",
            glyphs.join(", ")
        );
        let cell = text.to_owned();
        let mut p = path.to_vec();
        p.extend([At(r), At(c)]);
        self.push(&p, |span| WalkerError::BadCell { cell, span, help });
    }

    /// Rule `i`, compiled and checked, or `None` after reporting why not.
    fn rule(&mut self, spec: &RuleSpec, i: usize, roles: Roles, names: &[&str]) -> Option<Rule> {
        let base = [Key("physics"), Key("rules"), At(i)];
        let here = |k| [base[0], base[1], base[2], Key(k)];
        let matched = self.pattern(&spec.pattern, &here("match"), roles.kinds);
        let becomes = self.pattern(&spec.becomes, &here("becomes"), roles.kinds);
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
        let (cells, before, after) = self.rule_cells(spec, &base, [&matched, &becomes], roles)?;
        let Subject { at, kind, to } = self.subject(spec, &base, &cells, roles.empty)?;
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
        let mut cells: Vec<Cell> = (cells.into_iter())
            .map(|(x, y, matcher, write)| Cell {
                dx: x - at.0,
                dy: y - at.1,
                matcher,
                write,
            })
            .collect();
        cells.sort_by_key(|c| (c.dx, c.dy) != (0, 0));
        let to = (to.0 - at.0, to.1 - at.1);
        Some(Rule::new(spec.name.clone(), kind, cells, to, then?))
    }

    /// A rule's cells from its `match` and `becomes` patterns, with the
    /// termination measure before and after it fires (the heights of the
    /// cells that are not empty, summed); reports a cell written but not
    /// matched, and the actor appearing or vanishing.
    fn rule_cells(
        &mut self,
        spec: &RuleSpec,
        base: &[Step],
        [matched, becomes]: [&Grid2; 2],
        roles: Roles,
    ) -> Option<(Vec<RuleCell>, i32, i32)> {
        let height = matched.len() as i32;
        let (mut cells, mut before, mut after, mut unmatched) = (Vec::new(), 0, 0, false);
        let weight = |kind: u8, up: i32| if kind != roles.empty { up } else { 0 };
        for (r, (mrow, brow)) in matched.iter().zip(becomes).enumerate() {
            for (c, (&m, &b)) in mrow.iter().zip(brow).enumerate() {
                let up = height - 1 - r as i32;
                let (matcher, write) = cell_rule(m, b);
                match (m.0, write) {
                    (Some(k), Write::Keep) => {
                        (before, after) = (before + weight(k, up), after + weight(k, up))
                    }
                    (None, Write::Keep) => {}
                    (None, Write::Set { .. }) => {
                        unmatched = true;
                        continue;
                    }
                    (Some(old), Write::Set { kind, .. }) => {
                        (before, after) = (before + weight(old, up), after + weight(kind, up));
                        if (old == roles.actor) != (kind == roles.actor) {
                            let glyph = roles.kinds[roles.actor as usize].glyph;
                            self.moves_actor(
                                spec,
                                &[base[0], base[1], base[2], Key("becomes")],
                                glyph,
                            );
                        }
                    }
                }
                cells.push((c as i32, up, matcher, write));
            }
        }
        if unmatched {
            self.writes_unmatched(spec, base);
            return None;
        }
        Some((cells, before, after))
    }

    fn writes_unmatched(&mut self, spec: &RuleSpec, base: &[Step]) {
        let rule = spec.name.clone();
        self.push(base, |span| WalkerError::BadRule {
            rule,
            message: "writes a cell it does not match".into(),
            span,
            help: "a cell `becomes` sets must be matched by a glyph, not `?`".into(),
        });
    }

    /// The rule's subject: the first non-empty matched cell it changes,
    /// and where it goes (the first cell it writes something non-empty
    /// into, or where it is).
    fn subject(
        &mut self,
        spec: &RuleSpec,
        base: &[Step],
        cells: &[RuleCell],
        empty: u8,
    ) -> Option<Subject> {
        let changed: Vec<_> = (cells.iter())
            .filter(|(_, _, m, w)| match (m, w) {
                (_, Write::Keep) => false,
                (Matcher::Kind(k), Write::Set { kind, falling }) => k != kind || *falling,
                _ => true,
            })
            .copied()
            .collect();
        let subject = changed.iter().find_map(|&(x, y, m, _)| match m {
            Matcher::Kind(k) | Matcher::Falling(k) if k != empty => Some(((x, y), k)),
            _ => None,
        });
        let Some((at, kind)) = subject else {
            let rule = spec.name.clone();
            self.push(base, |span| WalkerError::BadRule {
                rule,
                message: "changes no square that holds something".into(),
                span,
                help: "a rule moves or changes at least one non-empty square (its subject)".into(),
            });
            return None;
        };
        let to = (changed.iter())
            .find(|(_, _, _, w)| matches!(w, Write::Set { kind, .. } if *kind != empty))
            .map_or(at, |&(x, y, _, _)| (x, y));
        Some(Subject { at, kind, to })
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

    /// End pattern `i`: its cells relative to the first matched one.
    fn end(&mut self, spec: &EndSpec, i: usize, kinds: &[Kind]) -> Option<End> {
        let path = [Key("physics"), Key("ends"), At(i), Key("match")];
        let cells = self.pattern(&spec.pattern, &path, kinds)?;
        let height = cells.len() as i32;
        let mut out = Vec::new();
        for (r, row) in cells.iter().enumerate() {
            for (c, &(kind, falling)) in row.iter().enumerate() {
                let Some(k) = kind else { continue };
                out.push(Cell {
                    dx: c as i32,
                    dy: height - 1 - r as i32,
                    matcher: if falling {
                        Matcher::Falling(k)
                    } else {
                        Matcher::Kind(k)
                    },
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

/// What one cell of a rule matches (from `match`) and writes (from
/// `becomes`).
fn cell_rule(matched: (Option<u8>, bool), becomes: (Option<u8>, bool)) -> (Matcher, Write) {
    let matcher = match matched {
        (None, _) => Matcher::Any,
        (Some(k), false) => Matcher::Kind(k),
        (Some(k), true) => Matcher::Falling(k),
    };
    let write = match becomes {
        (None, _) => Write::Keep,
        (Some(kind), falling) => Write::Set { kind, falling },
    };
    (matcher, write)
}
