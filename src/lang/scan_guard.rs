//! What a `scan`'s body needs of a cell before it can do anything there:
//! when every way into the body tests the cell first (`scan(n e, once(fall
//! | roll))` where each rule begins `{rock, rock_falling}`), a cell whose
//! code passes none of those tests is one where the body fails, so the
//! pass skips it without running the body. Boulder Dash's physics then
//! costs a test per square and a run of the rules per rock, not a run of
//! the rules per square.

use super::program::Op;

/// How many instructions the analysis follows into a body before it gives
/// up (and the scan runs its body everywhere).
const LOOK_AHEAD: usize = 256;

/// For each [`Op::Scan`] whose body begins with cell tests on every way:
/// its instruction and, per player, the codes some first test passes
/// (`masks[m * players + p]` as the program keeps them).
///
/// ```
/// use relic::lang::parse_core_resolved;
/// let toml = r#"
/// game = "core"
/// name = "Sand"
/// players = ["a"]
/// rules = "any {empty} [grain] mark scan(n e, {grain} s {empty} [grain] n [empty]) ->next"
/// [board]
/// width = 2
/// height = 3
/// [[kinds]]
/// name = "grain"
/// glyph = "g"
/// "#;
/// let (_, program) = parse_core_resolved(toml, "sand", None).unwrap();
/// let (_, masks) = &program.scan_guards[0];
/// assert_eq!(masks, &[1 << 1], "only a grain (code 1) can start the body");
/// ```
pub fn scan_guards(ops: &[Op], masks: &[u128], players: usize) -> Vec<(u32, Vec<u128>)> {
    (0..ops.len())
        .filter(|&pc| matches!(ops[pc], Op::Scan(..)))
        .filter_map(|pc| {
            let tests = first_tests(ops, pc + 1)?;
            let union = (0..players)
                .map(|p| {
                    (tests.iter())
                        .map(|&m| {
                            masks
                                .get(usize::from(m) * players + p)
                                .copied()
                                .unwrap_or(!0)
                        })
                        .fold(0, |a, b| a | b)
                })
                .collect();
            Some((pc as u32, union))
        })
        .collect()
}

/// The first cell test of every way from `start`, or `None` when some way
/// may do anything else first (move, change, compare, look elsewhere).
/// Ways that fail before any test add nothing.
fn first_tests(ops: &[Op], start: usize) -> Option<Vec<u16>> {
    let mut tests = Vec::new();
    let mut ways = vec![start];
    let mut seen = vec![false; ops.len()];
    let mut steps = 0;
    while let Some(pc) = ways.pop() {
        steps += 1;
        if steps > LOOK_AHEAD {
            return None;
        }
        if std::mem::replace(seen.get_mut(pc)?, true) {
            continue;
        }
        match *ops.get(pc)? {
            Op::Test(m) => tests.push(m),
            Op::Split(then) => ways.extend([pc + 1, then as usize]),
            Op::Jump(to) => ways.push(to as usize),
            Op::Once(_) => ways.push(pc + 1),
            Op::Fail => {}
            _ => return None,
        }
    }
    Some(tests)
}
