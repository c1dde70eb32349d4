//! The browser's tools for a vocabulary game: what a click on a square
//! does. Each legal action is a play, `{"tool", "steps", "action"}`: the
//! tool that makes it (a reserve stack, a kind to place, moving, an
//! effect) and the steps that complete it, squares by name or a choice
//! (the pieces a `transport` moves, a `rotate`'s way). Each tool of the
//! player to move is listed with its key (`A`, `B`, ... for reserve
//! stacks, the rule's `key` for effects), what it holds (a stack's top
//! piece, the pieces or uses left), whether any play uses it, and what it
//! attempts on squares no play uses (`attempt`: the notation with `{0}`
//! and `{1}` for the squares chosen), so that a person may try an illegal
//! action and hear why it is refused, or lose the turn for it.

use serde_json::{Value, json};

use super::compile::Program;
use super::notation::with_kind;
use super::piece_view::piece_layer;
use super::schema::Mechanic;
use super::state::{Action, VocabGame};
use crate::contract::Game;

/// The tool id of moving a piece.
const MOVE: &str = "move";

/// The play of `action` (written `text`), or `None` for actions on no
/// square (pass, quit).
pub(super) fn play_view(game: &VocabGame, action: &Action, text: String) -> Option<Value> {
    let p = game.program();
    let g = &p.geometry;
    let (tool, steps) = match *action {
        Action::Place { kind, at } | Action::Drop { kind, at } => {
            (kind_tool(p, kind), vec![g.name(at)])
        }
        Action::PlaceFrom { stack, at } => (stack_tool(stack), vec![g.name(at)]),
        Action::Move { from, to } => (MOVE.to_owned(), vec![g.name(from), g.name(to)]),
        Action::Effect { rule, at, arg } => {
            let r = p.rules.get(usize::from(rule))?;
            let mut steps = vec![g.name(at)];
            match r.mechanic {
                Mechanic::Transport if arg == 1 => steps.push("1 piece".to_owned()),
                Mechanic::Transport => steps.push(format!("{arg} pieces")),
                Mechanic::Rotate if arg == 0 => steps.push("clockwise (0)".to_owned()),
                Mechanic::Rotate => steps.push("anticlockwise (1)".to_owned()),
                _ => {}
            }
            (r.name.clone(), steps)
        }
        Action::Pass | Action::Quit | Action::Forfeit { .. } => return None,
    };
    Some(json!({ "tool": tool, "steps": steps, "action": text }))
}

fn kind_tool(p: &Program, kind: u8) -> String {
    format!("place {}", p.kinds[usize::from(kind)].name)
}

fn stack_tool(stack: u8) -> String {
    format!("stack {}", u16::from(stack) + 1)
}

/// The tools of the player to move (none once play is over) and the one
/// a click uses when none is chosen: moving, or the only tool.
pub(super) fn tools_view(game: &VocabGame, plays: &[Value]) -> (Vec<Value>, Option<String>) {
    let Some(me) = game.status().to_move() else {
        return (Vec::new(), None);
    };
    let p = game.program();
    let mut tools = Vec::new();
    for stack in 0..p.stacks {
        let label = match game.stack_top(me, usize::from(stack)) {
            Some(kind) => {
                let top = Program::code(kind, me as u8);
                format!(
                    "Stack {}: {} ({})",
                    stack + 1,
                    p.glyph(top),
                    p.kinds[usize::from(kind)].name
                )
            }
            None => format!("Stack {}: empty", stack + 1),
        };
        let key = char::from(b'A' + stack).to_string();
        let mut made = tool(plays, stack_tool(stack), label, Some(key));
        made["attempt"] = json!(format!("{}@{{0}}", stack + 1));
        if let Some(kind) = game.stack_top(me, usize::from(stack)) {
            let code = Program::code(kind, me as u8);
            made["piece"] = piece_layer(p, code, false, 1);
        }
        tools.push(made);
    }
    tools.extend(rule_tools(game, me, plays));
    let default = match tools.as_slice() {
        [only] => only["id"].as_str().map(str::to_owned),
        _ => (tools.iter())
            .find(|t| t["id"] == MOVE)
            .map(|_| MOVE.to_owned()),
    };
    (tools, default)
}

/// The tools of the rules: a kind to place (with the pieces left), moving,
/// each effect (with the uses left).
fn rule_tools(game: &VocabGame, me: usize, plays: &[Value]) -> Vec<Value> {
    let p = game.program();
    let mut tools = Vec::new();
    for (r, rule) in p.rules.iter().enumerate() {
        let key = rule.key.map(String::from);
        match rule.mechanic {
            Mechanic::Place if p.stacks == 0 => {
                for kind in (0..p.kinds.len() as u8).filter(|k| rule.kinds >> k & 1 == 1) {
                    let name = &p.kinds[usize::from(kind)].name;
                    let label = match game.reserve(me, kind) {
                        Some(left) => format!("Place {name} ({left} left)"),
                        None => format!("Place {name}"),
                    };
                    let id = kind_tool(p, kind);
                    if !tools.iter().any(|t: &Value| t["id"] == id.as_str()) {
                        let mut made = tool(plays, id, label, key.clone());
                        if rule.drop.is_none() {
                            made["attempt"] = json!(with_kind(p, kind, false, "{0}".into()));
                        }
                        made["piece"] = piece_layer(p, Program::code(kind, me as u8), false, 1);
                        tools.push(made);
                    }
                }
            }
            Mechanic::Move if !tools.iter().any(|t| t["id"] == MOVE) => {
                let mut made = tool(plays, MOVE.into(), "Move a piece".into(), key);
                made["attempt"] = json!("{0}-{1}");
                tools.push(made);
            }
            _ if rule.is_effect() => {
                let label = match game.uses_left(me, r) {
                    Some(left) => format!("{} ({left} left)", capitalised(&rule.name)),
                    None => capitalised(&rule.name),
                };
                let mut made = tool(plays, rule.name.clone(), label, key);
                made["attempt"] = json!(match rule.mechanic {
                    Mechanic::Transport => format!("{}@{{0}}:1", rule.name),
                    Mechanic::Rotate => format!("{}@{{0}}:cw", rule.name),
                    _ => format!("{}@{{0}}", rule.name),
                });
                tools.push(made);
            }
            _ => {}
        }
    }
    tools
}

fn tool(plays: &[Value], id: String, label: String, key: Option<String>) -> Value {
    let enabled = plays.iter().any(|play| play["tool"] == id.as_str());
    json!({ "id": id, "label": label, "key": key, "enabled": enabled })
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
