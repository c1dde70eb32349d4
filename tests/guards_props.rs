//! The analysis of choices whose guards always let one way through
//! (`relic::lang::guards`), against brute force: random choices whose ways
//! begin with comparisons of one variable with constants and tests of the
//! cell, over every value the variable may hold and every code the cell
//! may hold. For such guards the analysis is exact: it must say a choice
//! always has a way exactly when brute force finds one for every state.
//! With comparisons of two variables too, it must never say so wrongly,
//! and it is exact where they are compared only with each other.

use proptest::prelude::*;
use relic::lang::ast::Cmp;
use relic::lang::guards::Guards;
use relic::lang::program::{Op, Value, Variable, Who};

/// The cell codes the tests are drawn over.
const CODES: usize = 4;

#[derive(Clone, Copy, Debug)]
enum Guard {
    /// `x OP k` (`true`) or `k OP x`.
    Compare(bool, Cmp, i64),
    /// The cell's code in mask `m`.
    Test(u16),
}

fn cmp() -> impl Strategy<Value = Cmp> {
    prop_oneof![
        Just(Cmp::Eq),
        Just(Cmp::Ne),
        Just(Cmp::Lt),
        Just(Cmp::Le),
        Just(Cmp::Gt),
        Just(Cmp::Ge)
    ]
}

fn guard(masks: u16) -> impl Strategy<Value = Guard> {
    prop_oneof![
        (any::<bool>(), cmp(), -4i64..=8).prop_map(|(x, c, k)| Guard::Compare(x, c, k)),
        (0..masks).prop_map(Guard::Test),
    ]
}

/// The ops of a choice of `ways` (a chain of splits, each way its guards,
/// each written by `op`, then a jump to the end).
fn choice<G>(ways: &[Vec<G>], mut op: impl FnMut(&G) -> Op) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut jumps = Vec::new();
    for (i, way) in ways.iter().enumerate() {
        let split = ops.len();
        if i + 1 < ways.len() {
            ops.push(Op::Split(0));
        }
        ops.extend(way.iter().map(&mut op));
        jumps.push(ops.len());
        ops.push(Op::Jump(0));
        if i + 1 < ways.len() {
            ops[split] = Op::Split(ops.len() as u32);
        }
    }
    let end = ops.len() as u32;
    for j in jumps {
        ops[j] = Op::Jump(end);
    }
    ops.push(Op::Switch(relic::lang::program::Who::Next));
    ops
}

/// The ops of a choice of `ways`, and the value nodes: 0 is `x`.
fn program(ways: &[Vec<Guard>]) -> (Vec<Op>, Vec<Value>) {
    let mut values = vec![Value::Var(0, Who::Current)];
    let ops = choice(ways, |g| match *g {
        Guard::Compare(x_first, cmp, k) => {
            values.push(Value::Int(k));
            let k = (values.len() - 1) as u16;
            match x_first {
                true => Op::Compare(0, cmp, k),
                false => Op::Compare(k, cmp, 0),
            }
        }
        Guard::Test(m) => Op::Test(m),
    });
    (ops, values)
}

fn holds(g: Guard, x: i64, code: usize, masks: &[u128]) -> bool {
    match g {
        Guard::Compare(true, cmp, k) => cmp.holds(x, k),
        Guard::Compare(false, cmp, k) => cmp.holds(k, x),
        Guard::Test(m) => masks[usize::from(m)] >> code & 1 == 1,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_analysis_agrees_with_brute_force(
        min in -3i32..=0,
        span in 0i32..=6,
        masks in prop::collection::vec(0u128..(1 << CODES), 1..4),
        ways in prop::collection::vec(prop::collection::vec(guard(3), 1..3), 2..5),
    ) {
        let max = min + span;
        let ways: Vec<Vec<Guard>> = ways
            .into_iter()
            .map(|w| {
                w.into_iter()
                    .map(|g| match g {
                        Guard::Test(m) => Guard::Test(m % masks.len() as u16),
                        other => other,
                    })
                    .collect()
            })
            .collect();
        let (ops, values) = program(&ways);
        let variables = [variable("x", 0, (min, max))];
        let g = guards(&ops, &values, &variables, &masks);
        let always = (i64::from(min)..=i64::from(max)).all(|x| {
            (0..CODES).all(|code| ways.iter().any(|w| w.iter().all(|&g| holds(g, x, code, &masks))))
        });
        prop_assert_eq!(g.exhaustive(0).is_some(), always, "{:?}", ways);
    }
}

/// A guard over two variables `x` and `y`.
#[derive(Clone, Copy, Debug)]
enum Guard2 {
    /// `x OP y` (`true`) or `y OP x`.
    Both(bool, Cmp),
    /// `x OP k`.
    One(Cmp, i64),
    /// The cell's code in mask `m`.
    Test(u16),
}

fn guard2(constants: bool) -> impl Strategy<Value = Guard2> {
    let one = (cmp(), -2i64..=6).prop_map(|(c, k)| Guard2::One(c, k));
    prop_oneof![
        3 => (any::<bool>(), cmp()).prop_map(|(x, c)| Guard2::Both(x, c)),
        1 => (0u16..2).prop_map(Guard2::Test),
        if constants { 2 } else { 0 } => one,
    ]
}

/// The ops of a choice of `ways` over value nodes 0 (`x`) and 1 (`y`).
fn program2(ways: &[Vec<Guard2>]) -> (Vec<Op>, Vec<Value>) {
    let mut values = vec![Value::Var(0, Who::Current), Value::Var(1, Who::Current)];
    let ops = choice(ways, |g| match *g {
        Guard2::Both(true, cmp) => Op::Compare(0, cmp, 1),
        Guard2::Both(false, cmp) => Op::Compare(1, cmp, 0),
        Guard2::One(cmp, k) => {
            values.push(Value::Int(k));
            Op::Compare(0, cmp, (values.len() - 1) as u16)
        }
        Guard2::Test(m) => Op::Test(m),
    });
    (ops, values)
}

fn holds2(g: Guard2, (x, y): (i64, i64), code: usize, masks: &[u128]) -> bool {
    match g {
        Guard2::Both(true, cmp) => cmp.holds(x, y),
        Guard2::Both(false, cmp) => cmp.holds(y, x),
        Guard2::One(cmp, k) => cmp.holds(x, k),
        Guard2::Test(m) => masks[usize::from(m)] >> code & 1 == 1,
    }
}

/// The analysis over `ops` for one player, the cell one of [`CODES`].
fn guards<'a>(
    ops: &'a [Op],
    values: &'a [Value],
    variables: &'a [Variable],
    masks: &'a [u128],
) -> Guards<'a> {
    Guards {
        ops,
        values,
        variables,
        masks,
        players: 1,
        codes: CODES,
        cells: 64,
    }
}

/// A variable of the whole game from `min` to `max`.
fn variable(name: &str, slot: u16, (min, max): (i32, i32)) -> Variable {
    Variable {
        name: name.into(),
        slot,
        per_player: false,
        min,
        max,
        start: relic::lang::schema::StartValue::One(min),
        repetition: true,
        shown: true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn comparisons_of_two_variables_are_never_wrongly_exhaustive(
        x_range in (-2i32..=2, 0i32..=4),
        y_range in (-2i32..=2, 0i32..=4),
        constants in any::<bool>(),
        ways in prop::collection::vec(prop::collection::vec(any::<u8>(), 1..3), 2..5),
        picks in prop::collection::vec(guard2(true), 12),
        plain in prop::collection::vec(guard2(false), 12),
    ) {
        let masks = [0b0011u128, 0b1100];
        let pool = if constants { &picks } else { &plain };
        let ways: Vec<Vec<Guard2>> = ways
            .iter()
            .map(|w| w.iter().map(|&i| pool[usize::from(i) % pool.len()]).collect())
            .collect();
        let (x_lo, y_lo) = (x_range.0, y_range.0);
        let (x_hi, y_hi) = (x_lo + x_range.1, y_lo + y_range.1);
        let (ops, values) = program2(&ways);
        let variables = [variable("x", 0, (x_lo, x_hi)), variable("y", 1, (y_lo, y_hi))];
        let g = guards(&ops, &values, &variables, &masks);
        let states = (x_lo..=x_hi).flat_map(|x| (y_lo..=y_hi).map(move |y| (i64::from(x), i64::from(y))));
        let always = states.collect::<Vec<_>>().iter().all(|&xy| {
            (0..CODES).all(|code| ways.iter().any(|w| w.iter().all(|&g| holds2(g, xy, code, &masks))))
        });
        let found = g.exhaustive(0).is_some();
        prop_assert!(!found || always, "wrongly exhaustive: {:?}", ways);
        let only_each_other = ways.iter().flatten().all(|g| !matches!(g, Guard2::One(..)));
        // Exact where the difference can take each of -1, 0 and 1 (the
        // ranges overlap), and the variables are compared only with each other.
        if only_each_other && x_hi.min(y_hi) - x_lo.max(y_lo) >= 1 {
            prop_assert_eq!(found, always, "{:?}", ways);
        }
    }
}
