//! A position file read against a compiled core ruleset: its TOML parsed
//! into a spanned tree, then each key checked, every problem at once.

use super::error::PositionError;
use super::{Problems, SetupPosition};
use crate::config::tree::{Node, NodeKind, Step::Key};
use crate::config::validate::{source_span, suggestion_help};
use crate::lang::locate::Locator;
use crate::lang::program::{Program, Variable};
use crate::lang::setup_rows::read_rows;

/// The keys of a position file.
pub const KEYS: [&str; 4] = ["board", "to_move", "turn", "variables"];

/// Reads `text` against `program`: the position, or every problem.
pub(super) fn read(program: &Program, text: &str) -> Result<SetupPosition, Problems> {
    let document =
        toml::de::DeTable::parse(text).map_err(|e| vec![Box::new(syntax_error(text, &e)) as _])?;
    let root = Node::from_document(&document, 0);
    let mut reader = Reader {
        p: program,
        problems: Vec::new(),
    };
    let position = reader.position(&root, text);
    crate::diagnostics::sort_by_place(&mut reader.problems);
    match reader.problems.is_empty() {
        true => Ok(position),
        false => Err(reader.problems),
    }
}

/// A TOML error of position file `text`.
pub(super) fn syntax_error(text: &str, e: &toml::de::Error) -> PositionError {
    let range = e.span().unwrap_or(text.len()..text.len());
    let span = (range.start, range.end.saturating_sub(range.start)).into();
    let message = e.message().trim().to_owned();
    PositionError::Syntax { message, span }
}

struct Reader<'p> {
    p: &'p Program,
    problems: Problems,
}

impl Reader<'_> {
    fn position(&mut self, root: &Node, text: &str) -> SetupPosition {
        let mut at = SetupPosition {
            cells: self.p.start.clone(),
            below: self.p.start_below.clone(),
            vars: self.p.start_values(),
            player: self.p.first,
            turn: 0,
        };
        let sources = [text.to_owned()];
        let loc = Locator {
            root,
            sources: &sources,
            texts: Vec::new(),
        };
        for entry in root.entries() {
            let value = &entry.value;
            match entry.key.as_str() {
                "board" => self.board(value, &loc, &mut at),
                "to_move" => at.player = self.mover(value).unwrap_or(at.player),
                "turn" => at.turn = self.turn(value).unwrap_or(0),
                "variables" => self.variables(value, &mut at.vars),
                key => self.problem(PositionError::Key {
                    key: key.to_owned(),
                    help: suggestion_help(key, "the keys are", &KEYS),
                    span: source_span(entry.key_at),
                }),
            }
        }
        at
    }

    fn problem(&mut self, problem: PositionError) {
        self.problems.push(Box::new(problem));
    }

    fn wrong_type(&mut self, key: &str, expected: &'static str, node: &Node, help: &str) {
        self.problem(PositionError::Type {
            key: key.to_owned(),
            expected,
            found: node.kind.type_name(),
            help: help.to_owned(),
            span: source_span(node.at),
        });
    }

    fn board(&mut self, node: &Node, loc: &Locator, at: &mut SetupPosition) {
        let rows: Option<Vec<String>> = match &node.kind {
            NodeKind::Array(items) => (items.iter())
                .map(|i| match &i.kind {
                    NodeKind::Str(row) => Some(row.clone()),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        let Some(rows) = rows else {
            let help =
                "write one string per row of the board, north first: `board = [\"rnbqkbnr\", ...]`";
            return self.wrong_type("board", "an array of strings", node, help);
        };
        let mut found = Vec::new();
        let pieces = (&self.p.board, &self.p.pieces[..]);
        (at.cells, at.below) = read_rows(&rows, &[Key("board")], pieces, loc, &mut found);
        (self.problems).extend(found.into_iter().map(|(_, e)| Box::new(e) as _));
    }

    fn mover(&mut self, node: &Node) -> Option<u8> {
        let NodeKind::Str(name) = &node.kind else {
            let help = format!(
                "name the player to move: `to_move = \"{}\"`",
                self.p.players[0]
            );
            self.wrong_type("to_move", "a player's name", node, &help);
            return None;
        };
        self.player(name, node)
    }

    fn player(&mut self, name: &str, node: &Node) -> Option<u8> {
        let found = self.p.players.iter().position(|p| p == name);
        if found.is_none() {
            let players: Vec<&str> = self.p.players.iter().map(String::as_str).collect();
            self.problem(PositionError::Player {
                name: name.to_owned(),
                game: self.p.name.clone(),
                help: suggestion_help(name, "the players are", &players),
                span: source_span(node.at),
            });
        }
        found.map(|seat| seat as u8)
    }

    fn turn(&mut self, node: &Node) -> Option<u32> {
        let help = "`turn` counts the actions made before this position, from 0";
        let value = self.number(("turn", help), node, (0, i64::from(u32::MAX)))?;
        Some(value as u32)
    }

    /// The integer `node` holds if it lies in `min..=max` (reported if not).
    fn number(
        &mut self,
        (what, help): (&str, &str),
        node: &Node,
        (min, max): (i64, i64),
    ) -> Option<i64> {
        let NodeKind::Int(value) = node.kind else {
            self.wrong_type(
                what,
                "an integer",
                node,
                "write a whole number, such as `12`",
            );
            return None;
        };
        match value {
            Some(v) if (min..=max).contains(&v) => Some(v),
            _ => {
                self.problem(PositionError::Value {
                    what: what.to_owned(),
                    value: value.map_or_else(|| "too large".to_owned(), |v| v.to_string()),
                    min,
                    max,
                    help: help.to_owned(),
                    span: source_span(node.at),
                });
                None
            }
        }
    }

    fn variables(&mut self, node: &Node, vars: &mut [i32]) {
        let NodeKind::Table(entries) = &node.kind else {
            let help = "write a table of the variables' values: `[variables]` then `score = 3`";
            return self.wrong_type("variables", "a table", node, help);
        };
        for entry in entries {
            let Some(v) = self.p.variables.iter().find(|v| v.name == entry.key) else {
                let names: Vec<&str> = self.p.variables.iter().map(|v| v.name.as_str()).collect();
                self.problem(PositionError::Variable {
                    name: entry.key.clone(),
                    game: self.p.name.clone(),
                    help: suggestion_help(&entry.key, "the variables are", &names),
                    span: source_span(entry.key_at),
                });
                continue;
            };
            match v.per_player {
                true => self.per_player(v, &entry.value, vars),
                false => self.set(v, &v.name, &entry.value, (vars, usize::from(v.slot))),
            }
        }
    }

    /// A per-player variable: a table from players to values.
    fn per_player(&mut self, v: &Variable, node: &Node, vars: &mut [i32]) {
        let NodeKind::Table(entries) = &node.kind else {
            let pairs: Vec<String> = self.p.players.iter().map(|p| format!("{p} = 0")).collect();
            let help = format!(
                "`{}` has a value per player: `{} = {{ {} }}`",
                v.name,
                v.name,
                pairs.join(", ")
            );
            return self.wrong_type(&v.name, "a table of players", node, &help);
        };
        for entry in entries {
            let key = Node {
                kind: NodeKind::Str(entry.key.clone()),
                at: entry.key_at,
            };
            if let Some(seat) = self.player(&entry.key, &key) {
                let what = format!("{}.{}", v.name, entry.key);
                let slot = usize::from(v.slot) + usize::from(seat);
                self.set(v, &what, &entry.value, (vars, slot));
            }
        }
    }

    fn set(&mut self, v: &Variable, what: &str, node: &Node, (vars, slot): (&mut [i32], usize)) {
        let range = (i64::from(v.min), i64::from(v.max));
        let help = format!(
            "`{}` lies in its `min` to `max`, {} to {}",
            v.name, v.min, v.max
        );
        if let Some(value) = self.number((what, &help), node, range) {
            vars[slot] = value as i32;
        }
    }
}
