//! Small core rulesets written inline by the tests: players `a` and `b`, a
//! kind `stone` (glyphs `A` and `B`), and the rules, keys and board each
//! test gives.

use std::sync::Arc;

use relic::lang::{Program, parse_core_resolved};

/// The TOML of a core ruleset named `Test`: players `a` and `b`, the turn's
/// `rules`, more top-level keys `top`, the `[board]` table's keys `board`,
/// a kind `stone` (glyphs `A`, `B`), then `tail` (more tables: kinds,
/// variables, macros).
pub fn source(rules: &str, top: &str, board: &str, tail: &str) -> String {
    format!(
        "game = \"core\"\nname = \"Test\"\nplayers = [\"a\", \"b\"]\nrules = {rules:?}\n{top}\n\
         [board]\n{board}\n\n[[kinds]]\nname = \"stone\"\nglyphs = [\"A\", \"B\"]\n\n{tail}\n"
    )
}

/// [`source`] checked and compiled, or its problems rendered at width 80.
pub fn compiled(rules: &str, top: &str, board: &str, tail: &str) -> Result<Arc<Program>, String> {
    let text = source(rules, top, board, tail);
    parse_core_resolved(&text, "test.toml", None)
        .map(|(_, program)| program)
        .map_err(|failure| failure.render(80))
}
